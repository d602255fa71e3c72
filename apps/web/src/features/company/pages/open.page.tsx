import { useState } from 'react';
import { Button, Card, Checkbox, Result, Skeleton, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '@/components/permission';
import { toast } from '@/lib/toast';
import { useCompanyInfo } from '../api/company-info';
import { useOpenService } from '../api/open-service';
import { LoadError } from '@/components/load-error';
import { NS } from '../i18n';
import '../components/company.css';

/** /open (blank layout): open the payment service once the three agreements are accepted. */
export default function OpenPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const info = useCompanyInfo();
  const openService = useOpenService();
  const canOpen = useHasPermission(['company:open']);
  const [agreed, setAgreed] = useState(false);
  const [showRequired, setShowRequired] = useState(false);

  function submit() {
    if (!agreed) {
      setShowRequired(true);
      return;
    }
    openService.mutate(undefined, {
      onSuccess: () => {
        toast.success(t('open.done'));
        navigate('/welcome', { replace: true });
      },
      // A refusal (already open, or the role may not) is shown by the request layer.
    });
  }

  const link = (to: string, label: string) => (
    <Link to={to} target="_blank" rel="noopener">
      {label}
    </Link>
  );

  let body;
  if (info.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (info.isError)
    body = <LoadError title={t('home.loadError')} error={info.error} onRetry={() => void info.refetch()} />;
  else if (info.data.opened)
    body = (
      <Result
        status="success"
        title={t('open.already')}
        subTitle={t('open.alreadyText', { name: info.data.companyName })}
        extra={
          <Link to="/welcome">
            <Button type="primary" data-testid="open-to-welcome">
              {t('open.toWelcome')}
            </Button>
          </Link>
        }
        data-testid="open-already"
      />
    );
  else
    body = (
      <>
        <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0 }}>
          {t('open.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{info.data.companyName}</Typography.Paragraph>
        <Typography.Paragraph>{t('open.intro')}</Typography.Paragraph>
        <Checkbox
          checked={agreed}
          onChange={(e) => {
            setAgreed(e.target.checked);
            if (e.target.checked) setShowRequired(false);
          }}
          data-testid="open-agree"
        >
          {t('open.agreePrefix')}
          {link('/protocal-user', t('open.user'))}
          {t('open.and')}
          {link('/protocal-privacy', t('open.privacy'))}
          {t('open.and')}
          {link('/protocal-risk', t('open.risk'))}
        </Checkbox>
        {showRequired && (
          <div role="alert" style={{ color: '#ff4d4f', marginTop: 4 }} data-testid="open-agree-error">
            {t('open.agreeRequired')}
          </div>
        )}
        {!canOpen && (
          <Typography.Paragraph type="warning" style={{ marginTop: 16 }}>
            {t('open.noPermission')}
          </Typography.Paragraph>
        )}
        <Button
          type="primary"
          size="large"
          block
          style={{ marginTop: 24 }}
          loading={openService.isPending}
          disabled={!canOpen}
          onClick={submit}
          data-testid="open-submit"
        >
          {t('open.submit')}
        </Button>
        <p style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
          <Link to="/welcome">{t('open.toWelcome')}</Link>
        </p>
      </>
    );

  return (
    <main className="centered-page" data-testid="page-open">
      <Card className="company-open">{body}</Card>
    </main>
  );
}
