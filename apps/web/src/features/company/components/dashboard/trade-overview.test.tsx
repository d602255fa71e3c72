import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import type { DashboardOverview } from '@mchweb/contract';
import { mswServer, ok, openPage } from '@/components/reconciliation/testing';
import { DASHBOARD_POLL_MS } from '../../api/dashboard-overview';
import { TradeOverview } from './trade-overview';

const LONG = { timeout: 8000 };
const charts: { option: { series: { type: string; data: unknown[] }[] } }[] = [];
// ECharts itself does not draw in jsdom: loading it is replaced by a recorder of what the charts were given, so
// ECharts never loads in this file. (Loaded for real, its import could still be running when the file ended and
// jsdom had gone: "window is not defined" on a loaded machine, with every test passed.)
vi.mock('@/components/echart/echarts-loader', () => ({
  loadECharts: async () => ({
    init: () => {
      const chart = { option: { series: [] }, setOption: (o: never) => (chart.option = o), resize() {}, dispose() {} };
      charts.push(chart);
      return chart;
    },
  }),
}));

const day = (i: number) => `2026-05-${String(i + 1).padStart(2, '0')}`;
const overview: DashboardOverview = {
  today: { count: 12, amountFen: 123_456, refundedFen: 1000, feeFen: 465, netFen: 121_991 },
  yesterday: { count: 20, amountFen: 200_000, refundedFen: 0, feeFen: 760, netFen: 199_240 },
  trend: Array.from({ length: 30 }, (_, i) => ({
    day: day(i),
    count: i,
    amountFen: i * 1000,
    refundedFen: 0,
    feeFen: 0,
    netFen: i * 1000,
  })),
  channels: [
    { channel: 'WECHAT', count: 300, amountFen: 300_000 },
    { channel: 'ALIPAY', count: 100, amountFen: 100_000 },
    { channel: 'UNIONPAY', count: 0, amountFen: 0 },
  ],
  topMerchants: [
    { mchNo: 'M100000001', mchName: '晨光咖啡', count: 300, amountFen: 300_000 },
    { mchNo: 'M100000002', mchName: '晨光咖啡（二店）', count: 100, amountFen: 100_000 },
  ],
  pendingFen: 121_991,
  availableFen: 5_000_000,
};

const server = mswServer();
beforeEach(() => {
  charts.length = 0;
});
function Overview() {
  return <TradeOverview latestOrders={<p data-testid="latest-slot">latest</p>} />;
}

describe('trade overview (/organ-home)', () => {
  it('today against yesterday, money, the charts with their text alternatives, top merchants', async () => {
    let calls = 0;
    server.use(
      mock.get('*/api/merchant/dashboard/overview', () => {
        calls += 1;
        return ok(overview);
      }),
    );
    openPage(Overview, '/organ-home', '');
    await waitFor(() => expect(screen.getByTestId('dashboard-today-amountFen')).toHaveTextContent('¥1,234.56'), LONG);
    expect(screen.getByText('昨日 ¥2,000.00')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-today-count')).toHaveTextContent('12');
    expect(screen.getByTestId('dashboard-funds-availableFen')).toHaveTextContent('¥50,000.00');
    // The trend: every day as a row of a table for screen readers, and a sentence naming the chart.
    const table = screen.getByTestId('dashboard-trend-table');
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: /2026-05-30/ })).toHaveTextContent('¥290.00');
    expect(
      screen.getByRole('img', { name: /近 30 天交易额 ¥4,350.00，共 435 笔；最高 2026-05-30（¥290.00）/ }),
    ).toBeInTheDocument();
    // Channels with a share: the list is the pie's text; a channel without trade is left out.
    const list = screen.getByTestId('dashboard-channel-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('微信支付¥3,000.00 75.0%');
    expect(screen.getByTestId('dashboard-top')).toHaveTextContent('晨光咖啡¥3,000.00');
    expect(screen.getByTestId('latest-slot')).toBeInTheDocument();
    // ECharts arrives with the first chart and is given the figures in yuan.
    await waitFor(() => expect(charts).toHaveLength(2), LONG);
    await waitFor(() => expect(charts[0]!.option.series[0]!.data).toHaveLength(30), LONG);
    expect(charts[0]!.option.series[0]!.data[29]).toBe(290);
    expect(charts[1]!.option.series[0]!.type).toBe('pie');
    expect(calls).toBe(1);
    expect(DASHBOARD_POLL_MS).toBe(30_000);
  }, 20_000);

  it('a refusal shows what failed with a retry', async () => {
    server.use(mock.get('*/api/merchant/dashboard/overview', () => new HttpResponse(null, { status: 500 })));
    openPage(Overview, '/organ-home', '');
    expect(await screen.findByText('交易概况加载失败', undefined, LONG)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s?试/ })).toBeInTheDocument();
  }, 20_000);
});
