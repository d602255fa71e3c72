import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OPS_NS } from '../i18n';

export default function OpsNotFoundPage() {
  const { t } = useTranslation(OPS_NS);
  return (
    <Result
      status="404"
      title={t('state.notFound')}
      extra={
        <Link to="/">
          <Button type="primary">{t('state.home')}</Button>
        </Link>
      }
    />
  );
}
