import { Button, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { currentLanguage } from '@/i18n';
import type { ProtocolTexts } from '../protocal-text';
import { PAGES_NS as NS } from '../pages-i18n';
import './auth.css';

/** One agreement, in the current language, readable on a phone. */
export function ProtocolDocument({ text, testId }: { text: ProtocolTexts; testId: string }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const doc = text[currentLanguage()];
  return (
    <main className="protocol" data-testid={testId}>
      <div className="protocol-top">
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          onClick={() => (history.length > 1 ? navigate(-1) : navigate('/home'))}
        >
          {t('protocal.back')}
        </Button>
        <LanguageSwitch />
      </div>
      <article className="protocol-body">
        <Typography.Title level={1} style={{ fontSize: 26 }}>
          {doc.title}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('protocal.updated')}</Typography.Paragraph>
        <Typography.Paragraph>{doc.intro}</Typography.Paragraph>
        {doc.sections.map((s) => (
          <section key={s.heading}>
            <Typography.Title level={2} style={{ fontSize: 18 }}>
              {s.heading}
            </Typography.Title>
            {s.paragraphs.map((p) => (
              <Typography.Paragraph key={p}>{p}</Typography.Paragraph>
            ))}
          </section>
        ))}
      </article>
    </main>
  );
}
