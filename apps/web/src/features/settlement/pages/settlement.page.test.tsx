import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mock } from 'msw';
import { lastDays } from '@/lib/date-range';
import { movement, mswServer, ok, openPage, settlementRow } from '@/components/reconciliation/testing';
import SettlementPage from './settlement.page';

const LONG = { timeout: 8000 };
const settled = settlementRow('S20260501M100000001');
const failed = settlementRow('S20260501M100000002', {
  mchNo: 'M100000002',
  mchName: '晨光咖啡（二店）',
  status: 'FAILED',
  failReason: '商户已冻结',
  attempts: 2,
  settledAt: null,
  tradeFen: 2000,
  tradeCount: 1,
  refundFen: 0,
  refundCount: 0,
  feeFen: 8,
  netFen: 1992,
});

const server = mswServer();

function serve() {
  const sent = { list: [] as unknown[], summary: [] as unknown[], movements: [] as unknown[] };
  server.use(
    mock.post('*/api/merchant/settlement/list', async ({ request }) => {
      sent.list.push(await request.json());
      return ok({ rows: [settled, failed], nextCursor: null, hasMore: false });
    }),
    mock.post('*/api/merchant/settlement/summary', async ({ request }) => {
      sent.summary.push(await request.json());
      return ok({
        count: 2,
        tradeCount: 24,
        tradeFen: 246_912,
        refundCount: 2,
        refundFen: 2000,
        feeFen: 930,
        splitFen: 0,
        netFen: 243_982,
      });
    }),
    mock.get('*/api/merchant/settlement/detail', ({ request }) =>
      ok(new URL(request.url).searchParams.get('settleNo') === failed.settleNo ? failed : settled),
    ),
    mock.post('*/api/merchant/settlement/movements', async ({ request }) => {
      sent.movements.push(await request.json());
      return ok({
        rows: [
          movement('P20260501100000000001'),
          movement('R20260501100000000001', {
            kind: 'REFUND',
            orderNo: 'P20260501100000000001',
            amountFen: 1000,
            feeFen: -4,
            netFen: -996,
          }),
        ],
        nextCursor: null,
        hasMore: false,
      });
    }),
  );
  return sent;
}

describe('/settlement', () => {
  it('sends the filter of the address to the list and the totals; shows the totals, rows and a failure reason', async () => {
    const sent = serve();
    openPage(SettlementPage, '/settlement', '?mch=M100000002&status=FAILED,SETTLED', { buttons: ['settlement:view'] });
    await waitFor(() => expect(sent.summary).toHaveLength(1), LONG);
    const [from, to] = lastDays(30);
    const filter = { from, to, mchNos: ['M100000002'], statuses: ['FAILED', 'SETTLED'] };
    expect(sent.summary[0]).toEqual(filter);
    await waitFor(() => expect(sent.list[0]).toEqual({ ...filter, limit: 20 }), LONG);
    expect(await screen.findByTestId('settlement-summary-tradeFen', undefined, LONG)).toHaveTextContent('¥2,469.12');
    expect(screen.getByTestId('settlement-summary-count')).toHaveTextContent('2');
    expect(screen.getByTestId('settlement-summary-netFen')).toHaveTextContent('¥2,439.82');
    const table = screen.getByTestId('settlement-table');
    expect(await within(table).findByText('¥1,219.91', undefined, LONG)).toBeInTheDocument();
    expect(within(table).getByText(/商户已冻结/)).toBeInTheDocument();
    expect(within(table).getByText('¥19.92')).toBeInTheDocument();
    expect(within(table).getByText('结算失败')).toBeInTheDocument();
    expect(screen.queryByTestId('settlement-export-csv')).toBeNull();
  }, 20_000);

  it('opens a settlement from the address: its figures, the movements it covers, the link to its bill', async () => {
    const sent = serve();
    const router = openPage(SettlementPage, '/settlement', `?open=${settled.settleNo}`, {
      buttons: ['settlement:view', 'settlement:export'],
      paths: ['/settlement', '/bill'],
    });
    expect(await screen.findByTestId('settlement-detail-net', undefined, LONG)).toHaveTextContent('¥1,219.91');
    const rows = await screen.findAllByTestId('settlement-movements-row', undefined, LONG);
    expect(rows).toHaveLength(2);
    expect(sent.movements).toEqual([{ settleNo: settled.settleNo, limit: 20 }]);
    expect(rows[1]).toHaveTextContent('-¥9.96'); // a phone's cards here (jsdom matches no media query)
    expect(screen.getByTestId('settlement-open-bill')).toHaveAttribute('href', '/bill?mch=M100000001&date=2026-05-01');
    expect(screen.getByTestId('settlement-export-xlsx')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(router.state.location.search).toBe(''), LONG);
  }, 20_000);

  it('a failed settlement says why and that the next run tries again', async () => {
    serve();
    openPage(SettlementPage, '/settlement', '', { buttons: ['settlement:view'] });
    fireEvent.click(await screen.findByTestId(`settlement-open-${failed.settleNo}`, undefined, LONG));
    expect(await screen.findByTestId('settlement-detail-fail', undefined, LONG)).toHaveTextContent(
      '失败原因：商户已冻结 已尝试 2 次，下次结算时自动重试',
    );
    expect(screen.queryByTestId('settlement-open-bill')).toBeNull(); // no /bill in this member's menu
  }, 20_000);
});
