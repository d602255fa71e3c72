import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardOverview } from '@mchweb/contract';
import { count, yuan } from '@/lib/money';
import { EChart } from '@/components/echart/chart';
import { DASHBOARD_NS } from '../../dashboard-i18n';

type Trend = DashboardOverview['trend'];

/** "2026-05-01" -> "05-01": the axis of 30 days has no room for the year. */
const short = (day: string) => day.slice(5);

/**
 * The last 30 days as a line of trade amounts (left axis, yuan) and payments (right axis), with a tooltip per
 * day. Its text alternative: a sentence (total, count, best day) naming the chart, and a visually hidden table of
 * every day's figures.
 */
export function TrendChart({ trend }: { trend: Trend }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const total = trend.reduce((a, d) => a + d.amountFen, 0);
  const payments = trend.reduce((a, d) => a + d.count, 0);
  const best = trend.reduce<Trend[number] | undefined>((b, d) => (!b || d.amountFen > b.amountFen ? d : b), undefined);
  const amountName = t('trend.amount');
  const countName = t('trend.count');
  const option = useMemo(
    () => ({
      animation: false,
      color: ['#1554d1', '#0f766e'],
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, left: 0, itemWidth: 14, textStyle: { color: 'rgba(0,0,0,0.7)' } },
      tooltip: {
        trigger: 'axis',
        valueFormatter: (v: number) => String(v),
      },
      xAxis: {
        type: 'category',
        data: trend.map((d) => short(d.day)),
        axisLabel: { color: 'rgba(0,0,0,0.62)', hideOverlap: true },
        axisTick: { alignWithLabel: true },
      },
      yAxis: [
        {
          type: 'value',
          axisLabel: { color: 'rgba(0,0,0,0.62)', formatter: (v: number) => `¥${v.toLocaleString('en-US')}` },
          splitLine: { lineStyle: { color: '#eef0f4' } },
        },
        { type: 'value', minInterval: 1, axisLabel: { color: 'rgba(0,0,0,0.62)' }, splitLine: { show: false } },
      ],
      series: [
        {
          name: amountName,
          type: 'line',
          smooth: 0.3,
          showSymbol: false,
          areaStyle: { opacity: 0.12 },
          data: trend.map((d) => d.amountFen / 100),
          tooltip: { valueFormatter: (v: number) => `¥${v.toLocaleString('en-US', { minimumFractionDigits: 2 })}` },
        },
        {
          name: countName,
          type: 'line',
          yAxisIndex: 1,
          smooth: 0.3,
          showSymbol: false,
          lineStyle: { type: 'dashed' },
          data: trend.map((d) => d.count),
        },
      ],
    }),
    [trend, amountName, countName],
  );
  const summary = best
    ? t('trend.summary', { total: yuan(total), count: payments, bestDay: best.day, best: yuan(best.amountFen) })
    : t('trend.empty');
  return (
    <>
      <EChart option={option} height={260} label={summary} testId="dashboard-trend" />
      <table className="visually-hidden" data-testid="dashboard-trend-table">
        <caption>{t('trend.table')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('trend.day')}</th>
            <th scope="col">{t('trend.count')}</th>
            <th scope="col">{t('trend.amount')}</th>
            <th scope="col">{t('trend.refunded')}</th>
            <th scope="col">{t('trend.net')}</th>
          </tr>
        </thead>
        <tbody>
          {trend.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{count(d.count)}</td>
              <td>{yuan(d.amountFen)}</td>
              <td>{yuan(d.refundedFen)}</td>
              <td>{yuan(d.netFen)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
