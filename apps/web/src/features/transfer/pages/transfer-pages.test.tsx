import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http as mock } from 'msw';
import { mswServer, ok, openPage, toasts } from '@/components/reconciliation/testing';
import { lastDays } from '@/lib/date-range';
import { payeeRow, transferRow } from '../testing';
import TransferAccountPage from './transfer-account.page';
import TransferListPage from './transfer-list.page';

const LONG = { timeout: 8000 };
const server = mswServer();

describe('/transfer-list', () => {
  it('shows the balance of a merchant, the filter from the address with its totals, and a transfer in the drawer', async () => {
    const sent = { list: [] as unknown[], summary: [] as unknown[], balance: [] as string[] };
    const failed = transferRow('T20260501100000000002', { status: 'FAILED', failReason: '收款账户已销户' });
    server.use(
      mock.get('*/api/merchant/balance', ({ request }) => {
        sent.balance.push(new URL(request.url).searchParams.get('mchNo')!);
        return ok({ mchNo: 'M100000002', pendingFen: 1234, availableFen: 567_800, inTransitFen: 0 });
      }),
      mock.post('*/api/merchant/transfer/list', async ({ request }) => {
        sent.list.push(await request.json());
        return ok({ rows: [failed], nextCursor: null, hasMore: false });
      }),
      mock.post('*/api/merchant/transfer/summary', async ({ request }) => {
        sent.summary.push(await request.json());
        return ok({ count: 1, amountFen: 10_000, successFen: 0, processingFen: 0, failedFen: 10_000 });
      }),
      mock.get('*/api/merchant/transfer/detail', () => ok(failed)),
    );
    const router = openPage(TransferListPage, '/transfer-list', '?mch=M100000002&status=FAILED,BOGUS', {
      buttons: [],
    });
    await waitFor(() => expect(screen.getByTestId('balance-available')).toHaveTextContent('¥5,678.00'), LONG);
    expect(screen.getByTestId('balance-pending')).toHaveTextContent('¥12.34');
    expect(sent.balance).toEqual(['M100000002']);
    const [from, to] = lastDays(7);
    const filter = { from, to, mchNos: ['M100000002'], statuses: ['FAILED'] };
    await waitFor(() => expect(screen.getByTestId('transfer-summary-failedFen')).toHaveTextContent('¥100.00'), LONG);
    expect(sent.list).toEqual([{ ...filter, limit: 20 }]);
    expect(sent.summary).toEqual([filter]);
    expect(screen.queryByTestId('transfer-new')).toBeNull(); // no transfer:create
    const row = await screen.findByTestId(`transfer-row-${failed.transferNo}`, {}, LONG);
    expect(row.closest('tr')).toHaveTextContent('收款账户已销户');
    fireEvent.click(screen.getByTestId(`transfer-open-${failed.transferNo}`));
    await waitFor(
      () => expect(screen.getByTestId('transfer-detail-failed')).toHaveTextContent('金额已退回可用余额'),
      LONG,
    );
    expect(router.state.location.search).toContain(`open=${failed.transferNo}`);
  }, 20_000);
});

describe('/transfer-account', () => {
  it('lists the accounts masked; payee:edit removes one after a confirm', async () => {
    let rows = [
      payeeRow(1),
      payeeRow(2, { type: 'WECHAT', name: '李强', accountNoMasked: '****e6So', bankName: null }),
    ];
    const removed: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/transfer/account/list', () => ok({ rows, nextCursor: null, hasMore: false })),
      mock.post('*/api/merchant/transfer/account/remove', async ({ request }) => {
        removed.push(await request.json());
        rows = rows.slice(0, 1);
        return ok(null);
      }),
    );
    openPage(TransferAccountPage, '/transfer-account', '', { buttons: ['payee:edit'] });
    await waitFor(() => expect(screen.getByTestId('payee-account-2')).toHaveTextContent('****e6So'), LONG);
    expect(screen.getByTestId('payee-add')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('payee-remove-2'));
    const dialog = await screen.findByRole('dialog', {}, LONG);
    expect(dialog).toHaveTextContent('李强（****e6So）');
    fireEvent.click(within(dialog).getByTestId('payee-remove-confirm'));
    await waitFor(() => expect(screen.queryByTestId('payee-account-2')).toBeNull(), LONG);
    expect(removed).toEqual([{ accountId: 2 }]);
    await waitFor(() => expect(toasts()).toContain('已删除收款账户'), LONG);
  }, 20_000);

  it('without payee:edit: no add and no remove; the type filter goes to the server and the address', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/transfer/account/list', async ({ request }) => {
        bodies.push(await request.json());
        return ok({ rows: [], nextCursor: null, hasMore: false });
      }),
    );
    openPage(TransferAccountPage, '/transfer-account', '?type=ALIPAY,NOPE');
    await waitFor(() => expect(screen.getByText('没有这种类型的收款账户')).toBeInTheDocument(), LONG);
    expect(screen.queryByTestId('payee-add')).toBeNull();
    expect(bodies).toEqual([{ type: ['ALIPAY'], limit: 20 }]);
  }, 20_000);
});
