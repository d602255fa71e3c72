import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderSummary } from '@mchweb/contract';
import { fieldOf } from '@/lib/api';
import { yuan } from './order-values';
import { NS } from '../i18n';

/** The totals of the filter in one row of figures: orders, paid, amount, refunded, fees, net. */
export function OrderSummaryBar({
  summary,
  error,
  onRetry,
}: {
  summary: OrderSummary | undefined;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation(NS);
  if (error && !summary)
    return (
      <Alert
        type="warning"
        showIcon
        title={t('summary.loadError')}
        description={fieldOf(error).message}
        action={<Button onClick={onRetry}>{t('action.retry', { ns: 'common' })}</Button>}
        className="order-summary-error"
      />
    );
  const figures: { key: keyof OrderSummary; text: (s: OrderSummary) => string; hint?: string }[] = [
    { key: 'count', text: (s) => s.count.toLocaleString('en-US') },
    { key: 'paidCount', text: (s) => s.paidCount.toLocaleString('en-US') },
    { key: 'amountFen', text: (s) => yuan(s.amountFen) },
    { key: 'refundedFen', text: (s) => yuan(s.refundedFen) },
    { key: 'feeFen', text: (s) => yuan(s.feeFen) },
    { key: 'netFen', text: (s) => yuan(s.netFen), hint: t('summary.netHint') },
  ];
  const label = (key: keyof OrderSummary) => t(`summary.${key.replace(/Fen$/, '')}`);
  return (
    <dl className="order-summary" aria-label={t('summary.label')} data-testid="order-summary">
      {figures.map((f) => (
        <div key={f.key} className={`order-figure order-figure-${f.key}`} title={f.hint}>
          <dt>{label(f.key)}</dt>
          <dd data-testid={`order-summary-${f.key}`}>
            {summary ? f.text(summary) : <Skeleton.Input active size="small" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
