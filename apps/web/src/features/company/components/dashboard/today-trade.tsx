import { Card } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FigureBar } from '@/components/figure-bar';
import { useDashboardOverview } from '../../api/dashboard-overview';
import { DASHBOARD_NS } from '../../dashboard-i18n';
import { useTodayFigures } from './today-figures';

/**
 * Today's trade against yesterday's on /welcome (the same overview call as /organ-home, which the page's link
 * then finds cached). A failed read shows a retry in place of the figures.
 */
export function TodayTrade() {
  const { t } = useTranslation(DASHBOARD_NS);
  const overview = useDashboardOverview();
  const figures = useTodayFigures(overview.data);
  return (
    <Card
      title={t('welcome.title')}
      size="small"
      extra={<Link to="/organ-home">{t('welcome.more')}</Link>}
      className="dashboard-welcome"
    >
      <FigureBar
        figures={figures}
        label={t('today.label')}
        testId="welcome-today"
        error={overview.error}
        errorTitle={t('loadError')}
        onRetry={() => void overview.refetch()}
      />
    </Card>
  );
}
