import { useState } from 'react';
import { Button, Empty, Grid } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Permission } from '@/components/permission';
import { BatchList } from '../components/batch-list';
import { GenerateModal } from '../components/generate-modal';
import { NS } from '../i18n';
import '../components/code.css';

/**
 * /code-setting: generate a batch of payment codes (code:edit), the batches with their codes counted per status,
 * each batch's printable A4 sheet (PDF made by the server) and its codes (PNG each, disable). Binding is on
 * /mch-code-setting.
 */
export default function CodeSettingPage() {
  const { t } = useTranslation(NS);
  const narrow = !Grid.useBreakpoint().md;
  const navigate = useNavigate();
  const [generating, setGenerating] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);

  const generate = (
    <Permission codes={['code:edit']}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setGenerating(true)} data-testid="code-generate">
        {t('codeSetting.generate')}
      </Button>
    </Permission>
  );

  return (
    <section className="code-page" data-testid="page-code-setting" aria-labelledby="code-setting-title">
      <header className="code-head">
        <div>
          <h1 id="code-setting-title">{t('codeSetting.title')}</h1>
          <p className="code-intro">{t('codeSetting.description')}</p>
        </div>
        <div className="code-batch-actions">
          <Permission codes={['code:bind']}>
            <Button onClick={() => void navigate('/mch-code-setting')} data-testid="code-to-bind">
              {t('codeSetting.toBind')}
            </Button>
          </Permission>
          {generate}
        </div>
      </header>
      <h2>{t('batch.list')}</h2>
      <BatchList
        narrow={narrow}
        opened={opened}
        empty={
          <Empty description={t('batch.empty')} data-testid="batch-empty">
            {generate}
          </Empty>
        }
      />
      {generating && (
        <GenerateModal
          onClose={() => setGenerating(false)}
          onDone={(batch) => {
            setOpened(batch.batchNo);
            setGenerating(false);
          }}
        />
      )}
    </section>
  );
}
