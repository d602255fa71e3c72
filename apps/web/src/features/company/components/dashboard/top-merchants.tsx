import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardOverview } from '@mchweb/contract';
import { yuan } from '@/lib/money';
import { DASHBOARD_NS } from '../../dashboard-i18n';

/** The merchants with the most trade over 30 days, largest first, each with a bar relative to the first. */
export function TopMerchants({ merchants }: { merchants: DashboardOverview['topMerchants'] }) {
  const { t } = useTranslation(DASHBOARD_NS);
  if (merchants.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('top.empty')} />;
  const most = Math.max(...merchants.map((m) => m.amountFen), 1);
  return (
    <ol className="dashboard-top" data-testid="dashboard-top">
      {merchants.map((m) => (
        <li key={m.mchNo}>
          <div className="dashboard-top-line">
            <span className="dashboard-top-name">{m.mchName}</span>
            <strong className="recon-money">{yuan(m.amountFen)}</strong>
          </div>
          <div className="dashboard-top-bar" aria-hidden="true">
            <span style={{ width: `${Math.max(2, Math.round((m.amountFen / most) * 100))}%` }} />
          </div>
          <div className="recon-muted">{t('top.count', { count: m.count })}</div>
        </li>
      ))}
    </ol>
  );
}
