import { Alert, Button, Card, DatePicker, Empty, List, Skeleton, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/load-error';
import { businessTime } from '@/lib/business-time';
import { businessToday, lastDays } from '@/lib/date-range';
import { OpsFilters, OpsPageHeader } from '../../components/ops-page';
import { useReconcile } from './api';
import { MONEY_NS } from './i18n';

/** /ops/reconcile: the day's reconciliation report (yesterday by default): its differences, and what is open. */
export default function ReconcilePage() {
  const { t } = useTranslation(MONEY_NS);
  const [search, setSearch] = useSearchParams();
  const asked = search.get('day');
  const day = asked && dayjs(asked, 'YYYY-MM-DD', true).isValid() ? asked : lastDays(1)[0];
  const report = useReconcile(day);
  return (
    <>
      <OpsPageHeader title={t('reconcile.title')} intro={t('reconcile.intro')} />
      <OpsFilters>
        <DatePicker
          aria-label={t('reconcile.day')}
          value={dayjs(day)}
          allowClear={false}
          disabledDate={(d) => d.isAfter(dayjs(businessToday()), 'day')}
          onChange={(d) => d && setSearch({ day: d.format('YYYY-MM-DD') })}
        />
        <Button icon={<ReloadOutlined />} loading={report.isFetching} onClick={() => void report.refetch()}>
          {t('reconcile.recheck')}
        </Button>
      </OpsFilters>
      {report.isPending ? (
        <Skeleton active />
      ) : report.isError ? (
        <LoadError title={t('reconcile.loadError')} error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size={16}>
          <Typography.Text type="secondary">
            {t('reconcile.checkedAt', { at: businessTime(report.data.checkedAt, 'second') })}
          </Typography.Text>
          <Card title={`${t('reconcile.differences')} (${report.data.differences.length})`} size="small">
            {report.data.differences.length === 0 ? (
              <Alert type="success" showIcon title={t('reconcile.none')} data-testid="reconcile-clean" />
            ) : (
              <List
                dataSource={report.data.differences}
                renderItem={(d) => (
                  <List.Item>
                    <Typography.Text type="danger">{d}</Typography.Text>
                  </List.Item>
                )}
                data-testid="reconcile-differences"
              />
            )}
          </Card>
          <Card title={`${t('reconcile.open')} (${report.data.open.length})`} size="small">
            {report.data.open.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reconcile.noOpen')} />
            ) : (
              <List dataSource={report.data.open} renderItem={(d) => <List.Item>{d}</List.Item>} />
            )}
          </Card>
        </Space>
      )}
    </>
  );
}
