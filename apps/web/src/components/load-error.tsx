import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldOf } from '@/lib/api';

/** A query that failed: what failed, the reason as the server or network gave it, and a retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={title}
      subTitle={fieldOf(error).message}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('action.retry')}
        </Button>
      }
    />
  );
}
