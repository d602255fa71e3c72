import type { ReactNode } from 'react';
import { Card } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FigureBar, type Figure } from '@/components/figure-bar';
import { LoadError } from '@/components/load-error';
import { yuan } from '@/lib/money';
import { useDashboardOverview } from '../../api/dashboard-overview';
import { DASHBOARD_NS } from '../../dashboard-i18n';
import { ChannelShare } from './channel-share';
import { TopMerchants } from './top-merchants';
import { useTodayFigures } from './today-figures';
import { TrendChart } from './trend-chart';
import '@/components/reconciliation/reconciliation.css';
import './dashboard.css';

/**
 * The organisation's trade at a glance (/organ-home): today against yesterday, pending and available money, the
 * 30-day trend and channel share (ECharts, loaded with the first chart), the top merchants and, when the member
 * may see orders, the latest orders (`latestOrders`, composed by app/ from the order feature).
 */
export function TradeOverview({ latestOrders }: { latestOrders?: ReactNode }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const overview = useDashboardOverview();
  const o = overview.data;
  const today = useTodayFigures(o);
  const funds: Figure[] = [
    { key: 'pendingFen', label: t('funds.pending'), value: o && yuan(o.pendingFen), hint: t('funds.pendingHint') },
    {
      key: 'availableFen',
      label: t('funds.available'),
      value: o && yuan(o.availableFen),
      hint: t('funds.availableHint'),
    },
  ];
  if (overview.isError && !o)
    return <LoadError title={t('loadError')} error={overview.error} onRetry={() => void overview.refetch()} />;
  return (
    <section className="dashboard" aria-labelledby="dashboard-title" data-testid="dashboard">
      <h2 id="dashboard-title" className="dashboard-title">
        {t('title')}
      </h2>
      <div className="dashboard-figures">
        <FigureBar figures={today} label={t('today.label')} testId="dashboard-today" />
        <FigureBar figures={funds} label={t('funds.label')} testId="dashboard-funds" />
      </div>
      <div className="dashboard-grid">
        <Card title={t('trend.title')} className="dashboard-wide" size="small">
          {o ? <TrendChart trend={o.trend} /> : <div className="dashboard-placeholder" />}
        </Card>
        <Card title={t('channels.title')} size="small">
          {o ? <ChannelShare channels={o.channels} /> : <div className="dashboard-placeholder" />}
        </Card>
        <Card title={t('top.title')} size="small">
          {o && <TopMerchants merchants={o.topMerchants} />}
        </Card>
        {latestOrders && (
          <Card
            title={t('latest.title')}
            size="small"
            className="dashboard-wide"
            extra={<Link to="/order">{t('latest.all')}</Link>}
          >
            {latestOrders}
          </Card>
        )}
      </div>
    </section>
  );
}
