import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http as mock } from 'msw';
import { mswServer, ok, refuse, toasts, withClient } from '@/components/reconciliation/testing';
import { fetchTransferDetail } from './transfer-detail';
import { IN_TRANSIT_POLL_MS, useBalance } from './balance';
import { useAddPayee } from './add-payee';
import { useCreateTransfer } from './create-transfer';
import { usePayeeList } from './payee-list';
import { TRANSFER_POLL_MS, useTransferList } from './transfer-list';
import { transferKeys } from './query-keys';
import { payeeRow, transferRow } from '../testing';

const LONG = { timeout: 8000 };
const server = mswServer();
const filter = { from: '2026-05-01', to: '2026-05-08', statuses: ['PROCESSING' as const] };
const balanceOf = (inTransitFen: number) => ({
  mchNo: 'M100000001',
  pendingFen: 100,
  availableFen: 9000,
  inTransitFen,
});

describe('transfer API', () => {
  it('GET /balance asks by mchNo, and is read again only while money is in transit', async () => {
    const asked: string[] = [];
    let inTransit = 1000;
    server.use(
      mock.get('*/api/merchant/balance', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('mchNo')!);
        return ok(balanceOf(inTransit));
      }),
    );
    const { wrapper, client } = withClient();
    const { result } = renderHook(() => useBalance('M100000001'), { wrapper });
    await waitFor(() => expect(result.current.data?.inTransitFen).toBe(1000), LONG);
    expect(asked).toEqual(['M100000001']);
    const query = () => client.getQueryCache().find({ queryKey: transferKeys.balance('M100000001') })!;
    const interval = query().observers[0]!.options.refetchInterval as (q: unknown) => number | false;
    expect(interval(query())).toBe(IN_TRANSIT_POLL_MS);
    inTransit = 0;
    await act(() => result.current.refetch());
    expect(interval(query())).toBe(false);
  });

  it('POST /transfer/account/list sends the type filter with a page size, then the cursor', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/transfer/account/list', async ({ request }) => {
        const body = (await request.json()) as { cursor?: string };
        bodies.push(body);
        return body.cursor
          ? ok({ rows: [payeeRow(1)], nextCursor: null, hasMore: false })
          : ok({ rows: [payeeRow(2)], nextCursor: 'c2', hasMore: true });
      }),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(() => usePayeeList({ type: ['BANK_CARD'] }), { wrapper });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true), LONG);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.hasNextPage).toBe(false), LONG);
    expect(bodies).toEqual([
      { type: ['BANK_CARD'], limit: 20 },
      { type: ['BANK_CARD'], limit: 20, cursor: 'c2' },
    ]);
  });

  it('adding a payee reads the payee lists again before it resolves; a refusal is quiet (the form shows it)', async () => {
    let lists = 0;
    let answer = refuse(400, 'smsCode: is wrong or expired');
    server.use(
      mock.post('*/api/merchant/transfer/account/list', () => {
        lists += 1;
        return ok({ rows: [], nextCursor: null, hasMore: false });
      }),
      mock.post('*/api/merchant/transfer/account/add', () => answer),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(() => ({ list: usePayeeList({}), add: useAddPayee() }), { wrapper });
    await waitFor(() => expect(lists).toBe(1), LONG);
    const body = { type: 'ALIPAY' as const, name: '王芳', accountNo: 'pay@example.com', smsCode: '123456' };
    await expect(result.current.add.mutateAsync(body)).rejects.toMatchObject({ msg: 'smsCode: is wrong or expired' });
    expect(toasts()).toEqual([]);
    answer = ok(payeeRow(3, { type: 'ALIPAY', bankName: null, accountNoMasked: 'pay***@example.com' }));
    await act(() => result.current.add.mutateAsync(body));
    expect(lists).toBe(2);
  });

  it('a transfer reads its merchant balance and the transfer lists again before it resolves', async () => {
    const reads = { balance: 0, list: 0 };
    server.use(
      mock.get('*/api/merchant/balance', () => {
        reads.balance += 1;
        return ok(balanceOf(0));
      }),
      mock.post('*/api/merchant/transfer/list', () => {
        reads.list += 1;
        return ok({ rows: [], nextCursor: null, hasMore: false });
      }),
      mock.post('*/api/merchant/transfer/create', () =>
        ok(transferRow('T20260501100000000001', { status: 'PROCESSING' })),
      ),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(
      () => ({ balance: useBalance('M100000001'), list: useTransferList(filter), create: useCreateTransfer() }),
      { wrapper },
    );
    await waitFor(() => expect(reads).toEqual({ balance: 1, list: 1 }), LONG);
    await act(() =>
      result.current.create.mutateAsync({
        mchNo: 'M100000001',
        accountId: 1,
        amountFen: 10_000,
        idempotencyKey: 'key-12345678',
      }),
    );
    expect(reads).toEqual({ balance: 2, list: 2 });
  });

  it('the list is read every 2 s while a row is processing; when it ends, balances and totals are read again', async () => {
    let status: 'PROCESSING' | 'FAILED' = 'PROCESSING';
    const reads = { balance: 0, summary: 0, list: 0 };
    server.use(
      mock.post('*/api/merchant/transfer/list', () => {
        reads.list += 1;
        return ok({ rows: [transferRow('T20260501100000000001', { status })], nextCursor: null, hasMore: false });
      }),
      mock.get('*/api/merchant/balance', () => {
        reads.balance += 1;
        return ok(balanceOf(0));
      }),
    );
    const { wrapper, client } = withClient();
    const { result } = renderHook(() => ({ list: useTransferList(filter), balance: useBalance('M100000001') }), {
      wrapper,
    });
    await waitFor(() => expect(reads.balance).toBe(1), LONG);
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true), LONG);
    const query = () => client.getQueryCache().findAll({ queryKey: transferKeys.list(filter) })[0]!;
    const interval = query().observers[0]!.options.refetchInterval as (q: unknown) => number | false;
    expect(interval(query())).toBe(TRANSFER_POLL_MS);
    status = 'FAILED';
    await act(() => result.current.list.refetch());
    await waitFor(() => expect(reads.balance).toBe(2), LONG);
    expect(interval(query())).toBe(false);
    expect(reads.summary).toBe(0); // no summary on screen: nothing to read again
  });

  it("GET /transfer/detail asks by transferNo; a refusal is the drawer's to show, not a toast", async () => {
    server.use(mock.get('*/api/merchant/transfer/detail', () => refuse(404, '转账不存在')));
    await expect(fetchTransferDetail('T20260501100000000009')).rejects.toMatchObject({ code: 404 });
    expect(toasts()).toEqual([]);
  });
});
