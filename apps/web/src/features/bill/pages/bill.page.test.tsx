import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http as mock } from 'msw';
import type { BillSummary } from '@mchweb/contract';
import { lastDays } from '@/lib/date-range';
import { movement, mswServer, ok, openPage } from '@/components/reconciliation/testing';
import BillPage from './bill.page';

const LONG = { timeout: 8000 };
const zero = { tradeCount: 0, tradeFen: 0, refundCount: 0, refundFen: 0, feeFen: 0, splitFen: 0, netFen: 0 };
const wechat = {
  tradeCount: 2,
  tradeFen: 20_000,
  refundCount: 1,
  refundFen: 5000,
  feeFen: 57,
  splitFen: 0,
  netFen: 14_943,
};
const alipay = { tradeCount: 1, tradeFen: 1000, refundCount: 0, refundFen: 0, feeFen: 4, splitFen: 0, netFen: 996 };
const traded: BillSummary = {
  mchNo: null,
  date: '2026-05-01',
  hasTrade: true,
  total: { tradeCount: 3, tradeFen: 21_000, refundCount: 1, refundFen: 5000, feeFen: 61, splitFen: 0, netFen: 15_939 },
  byChannel: [
    { channel: 'WECHAT', ...wechat },
    { channel: 'ALIPAY', ...alipay },
  ],
  settlements: [
    { settleNo: 'S20260501M100000001', mchNo: 'M100000001', status: 'SETTLED', netFen: 14_943 },
    { settleNo: 'S20260501M100000002', mchNo: 'M100000002', status: 'FAILED', netFen: 996 },
  ],
};

const server = mswServer();

function serve(summary: BillSummary) {
  const sent = { summary: [] as unknown[], rows: [] as unknown[] };
  server.use(
    mock.post('*/api/merchant/bill/summary', async ({ request }) => {
      sent.summary.push(await request.json());
      return ok(summary);
    }),
    mock.post('*/api/merchant/bill/rows', async ({ request }) => {
      sent.rows.push(await request.json());
      return ok({
        rows: [movement('P20260501100000000001'), movement('P20260501100000000002', { mchNo: 'M100000002' })],
        nextCursor: null,
        hasMore: false,
      });
    }),
  );
  return sent;
}

describe('/bill', () => {
  it("opens yesterday's bill of the whole organisation by default and says when nothing traded", async () => {
    const [yesterday] = lastDays(1);
    const sent = serve({ ...traded, date: yesterday, hasTrade: false, total: zero, byChannel: [], settlements: [] });
    openPage(BillPage, '/bill', '', { buttons: ['bill:view'] });
    expect(await screen.findByTestId('bill-no-trade', undefined, LONG)).toHaveTextContent(`${yesterday} 没有交易`);
    expect(sent.summary).toEqual([{ date: yesterday }]);
    await new Promise((r) => setTimeout(r, 50));
    expect(sent.rows).toEqual([]); // no rows asked for a day without trade
    expect(screen.queryByTestId('bill-export-csv')).toBeNull();
  }, 20_000);

  it('a day with trade: totals, channels with their total line, the settlements, the rows with merchant names', async () => {
    const sent = serve(traded);
    openPage(BillPage, '/bill', '?date=2026-05-01', {
      buttons: ['bill:view', 'bill:export'],
      paths: ['/bill', '/settlement'],
    });
    expect(await screen.findByTestId('bill-summary-tradeFen', undefined, LONG)).toHaveTextContent('¥210.00');
    expect(screen.getByTestId('bill-summary-netFen')).toHaveTextContent('¥159.39');
    const channels = screen.getByTestId('bill-channels');
    expect(within(channels).getByText('微信支付')).toBeInTheDocument();
    expect(within(channels).getByText('合计')).toBeInTheDocument();
    const settled = screen.getByTestId('bill-settlement-S20260501M100000002');
    expect(settled).toHaveTextContent('晨光咖啡（二店）');
    expect(settled).toHaveTextContent('结算失败');
    expect(within(settled).getByRole('link')).toHaveAttribute(
      'href',
      '/settlement?from=2026-05-01&to=2026-05-01&mch=M100000002&open=S20260501M100000002',
    );
    // The settlements (one failed, still counted) add up to the day's net.
    expect(screen.getByTestId('bill-settlements-check')).toHaveTextContent('结算合计 ¥159.39，与当日净额一致。');
    const rows = await screen.findAllByTestId('bill-rows-row', undefined, LONG);
    expect(rows[1]).toHaveTextContent('晨光咖啡（二店）');
    expect(sent.rows).toEqual([{ date: '2026-05-01', limit: 50 }]);
    expect(screen.getByTestId('bill-export-xlsx')).toBeInTheDocument();
  }, 20_000);

  it('one merchant: the address names it, and a future day falls back to yesterday', async () => {
    const [yesterday] = lastDays(1);
    const sent = serve({ ...traded, mchNo: 'M100000001', settlements: [] });
    openPage(BillPage, '/bill', '?mch=M100000001&date=2999-01-01', { buttons: ['bill:view'] });
    expect(await screen.findByTestId('bill-settlements-none', undefined, LONG)).toBeInTheDocument();
    expect(sent.summary).toEqual([{ mchNo: 'M100000001', date: yesterday }]);
  }, 20_000);
});
