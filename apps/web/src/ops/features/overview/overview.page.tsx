import { useMemo } from 'react';
import { Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption } from 'echarts/core';
import type { OpsOverview } from '@mchweb/contract/ops/schemas';
import { opsEndpoints } from '@mchweb/contract/ops/endpoints';
import { DayRangePicker, dayRangeFrom } from '@/components/day-range-picker';
import { EChart } from '@/components/echart/chart';
import { LoadError } from '@/components/load-error';
import { NS as MERCHANT_NS } from '@/features/merchant/i18n';
import { call } from '@/lib/api-client';
import { count, yuan } from '@/lib/money';
import { useAgeText } from '../../components/age';
import { OpsFilters, OpsPageHeader } from '../../components/ops-page';
import { OVERVIEW_NS } from './i18n';

const CHANNELS = ['WECHAT', 'ALIPAY', 'UNIONPAY'] as const;
const COLORS = { WECHAT: '#16a34a', ALIPAY: '#1554d1', UNIONPAY: '#dc2626' };

/** The days of the range, each channel's figure of each day (0 where none). */
function seriesOf(data: OpsOverview, days: string[], pick: (d: OpsOverview['days'][number]) => number) {
  return CHANNELS.map((channel) => ({
    channel,
    values: days.map((day) => {
      const row = data.days.find((d) => d.day === day && d.channel === channel);
      return row ? pick(row) : 0;
    }),
  }));
}

function Charts({ data, from, to }: { data: OpsOverview; from: string; to: string }) {
  const { t } = useTranslation(OVERVIEW_NS);
  const { t: tm } = useTranslation(MERCHANT_NS);
  const days = useMemo(() => [...new Set(data.days.map((d) => d.day))].sort(), [data]);
  const sum = (pick: (d: OpsOverview['days'][number]) => number) => data.days.reduce((s, d) => s + pick(d), 0);
  const totals = {
    paymentFen: sum((d) => d.paymentFen),
    paymentCount: sum((d) => d.paymentCount),
    refundCount: sum((d) => d.refundCount),
    refundFen: sum((d) => d.refundFen),
    failedCount: sum((d) => d.failedCount),
  };
  const payments: EChartsCoreOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => yuan(v * 100) },
      legend: { bottom: 0 },
      grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value' },
      series: seriesOf(data, days, (d) => d.paymentFen / 100).map((s) => ({
        name: tm(`channelName.${s.channel}`),
        type: 'line',
        smooth: true,
        data: s.values,
        itemStyle: { color: COLORS[s.channel] },
      })),
    }),
    [data, days, tm],
  );
  const refunds: EChartsCoreOption = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t('refunds'),
          type: 'line',
          data: days.map((day) => data.days.filter((d) => d.day === day).reduce((s, d) => s + d.refundCount, 0)),
          itemStyle: { color: '#d97706' },
        },
        {
          name: t('failed'),
          type: 'line',
          data: days.map((day) => data.days.filter((d) => d.day === day).reduce((s, d) => s + d.failedCount, 0)),
          itemStyle: { color: '#dc2626' },
        },
      ],
    }),
    [data, days, t],
  );
  if (days.length === 0) return <Empty description={t('empty')} className="ops-section" />;
  return (
    <>
      <Row gutter={[16, 16]} className="ops-section">
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic
              title={t('totals.payments')}
              value={yuan(totals.paymentFen)}
              suffix={<Typography.Text type="secondary"> / {count(totals.paymentCount)}</Typography.Text>}
            />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic
              title={t('totals.refunds')}
              value={yuan(totals.refundFen)}
              suffix={<Typography.Text type="secondary"> / {count(totals.refundCount)}</Typography.Text>}
            />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card size="small">
            <Statistic title={t('totals.failed')} value={count(totals.failedCount)} />
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]} className="ops-section">
        <Col xs={24} xl={14}>
          <Card title={t('payments')} size="small">
            <EChart
              option={payments}
              height={280}
              testId="overview-payments"
              label={t('paymentsLabel', {
                from,
                to,
                amount: yuan(totals.paymentFen),
                count: count(totals.paymentCount),
              })}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('refundsFailures')} size="small">
            <EChart
              option={refunds}
              height={280}
              testId="overview-refunds"
              label={t('refundsLabel', { from, to, refunds: totals.refundCount, failed: totals.failedCount })}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}

function Statuses({ data }: { data: OpsOverview }) {
  const { t } = useTranslation(OVERVIEW_NS);
  const { t: tm } = useTranslation(MERCHANT_NS);
  const age = useAgeText();
  const queues = [
    { key: 'onboarding', to: '/onboarding', q: data.queues.onboarding },
    { key: 'split', to: '/split', q: data.queues.split },
    { key: 'approvals', to: '/approvals', q: data.queues.approvals },
  ] as const;
  const byStatus = (counts: Partial<Record<string, number>>) =>
    (['ACTIVE', 'FROZEN', 'CLOSED'] as const).map((s) => (
      <Col span={8} key={s}>
        <Statistic title={tm(`status.${s}`)} value={counts[s] ?? 0} />
      </Col>
    ));
  return (
    <Row gutter={[16, 16]} className="ops-section">
      <Col xs={24} lg={8}>
        <Card title={t('queues')} size="small" data-testid="overview-queues">
          {queues.map(({ key, to, q }) => (
            <p key={key}>
              <Link to={to}>{t(`queue.${key}`)}</Link>
              {t('colon')}
              {q.waiting === 0 ? (
                <Typography.Text type="secondary">{t('none')}</Typography.Text>
              ) : (
                <Typography.Text type={q.oldestAgeSeconds >= 86_400 ? 'danger' : undefined}>
                  {t('waiting', { n: q.waiting })} · {t('oldest', { age: age(q.oldestAgeSeconds) })}
                </Typography.Text>
              )}
            </p>
          ))}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={t('merchants')} size="small">
          <Row>{byStatus(data.merchantsByStatus)}</Row>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={t('companies')} size="small">
          <Row>{byStatus(data.companiesByStatus)}</Row>
        </Card>
      </Col>
    </Row>
  );
}

/** /ops/overview: the platform's trade by day and channel (ECharts, loaded only here), statuses and queue ages. */
export default function OverviewPage() {
  const { t } = useTranslation(OVERVIEW_NS);
  const [search, setSearch] = useSearchParams();
  const { from, to } = dayRangeFrom(search.get('from'), search.get('to'), 13);
  const overview = useQuery({
    queryKey: ['ops', 'overview', from, to],
    queryFn: ({ signal }) => call(opsEndpoints.overview, { body: { from, to } }, { signal }),
  });
  return (
    <>
      <OpsPageHeader title={t('title')} intro={t('intro')} />
      <OpsFilters>
        <DayRangePicker from={from} to={to} testId="overview-range" onChange={(r) => setSearch(r)} />
      </OpsFilters>
      {overview.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : overview.isError ? (
        <LoadError title={t('loadError')} error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <Statuses data={overview.data} />
          <Charts data={overview.data} from={from} to={to} />
        </>
      )}
    </>
  );
}
