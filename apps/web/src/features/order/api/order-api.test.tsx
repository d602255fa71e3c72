import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { delay, http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { message } from 'antd';
import { Blob as NodeBlob } from 'node:buffer';
import type { OrderSummary } from '@mchweb/contract';
import { ApiError } from '@/lib/api-error';
import { exportOrders } from './export-orders';
import { fetchOrderDetail, useOrderDetail } from './order-detail';
import { fetchOrderList, listPollInterval, ORDER_POLL_MS, useOrderList } from './order-list';
import { useOrderSummary } from './order-summary';
import { useRefundOrder } from './refund-order';
import { ok, orderDetailOf as detailOf, orderRow, refuse } from '../testing';

const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
const LONG = { timeout: 8000 };

const summary: OrderSummary = {
  count: 3,
  paidCount: 2,
  amountFen: 20_000,
  refundedFen: 1000,
  feeFen: 76,
  netFen: 18_924,
};
const filter = { timeField: 'created' as const, from: '2026-05-01', to: '2026-05-08', statuses: ['SUCCESS' as const] };

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => localStorage.clear());
afterEach(async () => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  message.destroy();
  await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0));
});

function withClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}

describe('order API', () => {
  it('POST /order/list sends the filter with a page size, then the cursor for "load more"', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/order/list', async ({ request }) => {
        const body = (await request.json()) as { cursor?: string };
        bodies.push(body);
        return body.cursor
          ? ok({ rows: [orderRow('P20260501100000000001')], nextCursor: null, hasMore: false })
          : ok({ rows: [orderRow('P20260501100000000002')], nextCursor: 'c2', hasMore: true });
      }),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(() => useOrderList(filter), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true), LONG);
    // Read before the next page comes, so the hook re-renders when it changes (TanStack tracks what is read).
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.hasNextPage).toBe(false), LONG);
    expect(result.current.data?.pages).toHaveLength(2);
    expect(bodies).toEqual([
      { ...filter, limit: 20 },
      { ...filter, limit: 20, cursor: 'c2' },
    ]);
  });

  it('the list is polled every 5 s on its first page only; the summary while the list is live', async () => {
    expect(listPollInterval(0)).toBe(ORDER_POLL_MS);
    expect(listPollInterval(1)).toBe(ORDER_POLL_MS);
    expect(listPollInterval(2)).toBe(false);
    const sent: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/order/summary', async ({ request }) => {
        sent.push(await request.json());
        return ok(summary);
      }),
    );
    const { wrapper, client } = withClient();
    const { result } = renderHook(() => useOrderSummary(filter, true), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(summary), LONG);
    expect(sent).toEqual([filter]);
    const query = client.getQueryCache().findAll({ queryKey: ['order', 'summary'] })[0]!;
    expect(query.observers[0]!.options.refetchInterval).toBe(ORDER_POLL_MS);
  });

  it('S9.4 a poll reads in the background: no top progress bar, which a first read shows (without a bad role)', async () => {
    server.use(
      mock.post('*/api/merchant/order/list', async () => {
        await delay(150);
        return ok({ rows: [], nextCursor: null, hasMore: false });
      }),
    );
    const bar = () => document.querySelector('#nprogress .bar');
    // An earlier test's bar may still be fading out (nprogress removes it a few hundred ms after done()).
    await waitFor(() => expect(bar()).toBeNull(), LONG);
    const poll = fetchOrderList({ ...filter, limit: 20 }, undefined, true);
    await new Promise((r) => setTimeout(r, 100));
    expect(bar()).toBeNull();
    await poll;
    const first = fetchOrderList({ ...filter, limit: 20 });
    await waitFor(() => expect(bar()).not.toBeNull(), LONG);
    expect(bar()!.getAttribute('role')).toBeNull();
    await first;
  });

  it("GET /order/detail asks by orderNo; a refusal is the drawer's to show, not a toast", async () => {
    let asked = '';
    server.use(
      mock.get('*/api/merchant/order/detail', ({ request }) => {
        asked = new URL(request.url).search;
        return asked.includes('P20260501100000000001')
          ? ok(detailOf(orderRow('P20260501100000000001')))
          : refuse(404, '订单不存在');
      }),
    );
    await expect(fetchOrderDetail('P20260501100000000001')).resolves.toMatchObject({ rate: 3.8 });
    expect(asked).toBe('?orderNo=P20260501100000000001');
    await expect(fetchOrderDetail('P20260501100000000009')).rejects.toEqual(expect.any(ApiError));
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([]);
  });

  it('a refund posts its body, then the list, the summary and the detail are read again before it resolves', async () => {
    const orderNo = 'P20260501100000000001';
    let refunded = 0;
    const calls = { list: 0, summary: 0, detail: 0 };
    const sent: unknown[] = [];
    const row = () =>
      orderRow(orderNo, {
        refundedFen: refunded,
        refundableFen: 12_345 - refunded,
        status: refunded ? 'PARTIAL_REFUNDED' : 'SUCCESS',
      });
    server.use(
      mock.post('*/api/merchant/order/refund', async ({ request }) => {
        sent.push(await request.json());
        refunded = 1000;
        return ok({ refundNo: 'R20260501100000000001', status: 'PROCESSING', orderStatus: 'SUCCESS' });
      }),
      mock.post('*/api/merchant/order/list', () => {
        calls.list += 1;
        return ok({ rows: [row()], nextCursor: null, hasMore: false });
      }),
      mock.post('*/api/merchant/order/summary', () => {
        calls.summary += 1;
        return ok({ ...summary, refundedFen: refunded });
      }),
      mock.get('*/api/merchant/order/detail', () => {
        calls.detail += 1;
        return ok(detailOf(row()));
      }),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(
      () => ({
        list: useOrderList(filter),
        summary: useOrderSummary(filter, false),
        detail: useOrderDetail(orderNo),
        refund: useRefundOrder(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.detail.data?.refundableFen).toBe(12_345), LONG);
    await waitFor(() => expect(calls).toEqual({ list: 1, summary: 1, detail: 1 }), LONG);
    const body = { orderNo, amountFen: 1000, reason: '退货', idempotencyKey: 'k-0123456789' };
    await act(() => result.current.refund.mutateAsync(body));
    expect(sent).toEqual([body]);
    expect(calls).toEqual({ list: 2, summary: 2, detail: 2 });
    expect(result.current.detail.data?.refundableFen).toBe(11_345);
    expect(result.current.summary.data?.refundedFen).toBe(1000);
    expect(result.current.list.data?.pages[0]?.rows[0]?.status).toBe('PARTIAL_REFUNDED');
  });

  it('a refund refusal is quiet: the form shows it beside the field it names', async () => {
    server.use(mock.post('*/api/merchant/order/refund', () => refuse(400, 'amountFen: must be at most ¥10.00')));
    const { wrapper } = withClient();
    const { result } = renderHook(() => useRefundOrder(), { wrapper });
    await expect(
      result.current.mutateAsync({
        orderNo: 'P20260501100000000001',
        amountFen: 5000,
        reason: 'x',
        idempotencyKey: 'k-0123456789',
      }),
    ).rejects.toMatchObject({ code: 400, msg: 'amountFen: must be at most ¥10.00' });
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([]);
  });

  it('POST /exportOrder sends {filter, format}, reports the bytes received and saves under the server name', async () => {
    let sent: unknown;
    const csv = 'orderNo,amount\nP20260501100000000001,123.45\n';
    server.use(
      mock.post('*/api/merchant/exportOrder', async ({ request }) => {
        sent = await request.json();
        return new HttpResponse(csv, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename*=UTF-8''orders-20260501.csv`,
          },
        });
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // jsdom's Blob lacks stream(), which msw needs to build a binary response; Node's Blob is the real thing.
    vi.stubGlobal('Blob', NodeBlob);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const progress: [number, number][] = [];
    await expect(
      exportOrders({ filter, format: 'csv' }, (percent, loaded) => progress.push([percent, loaded])),
    ).resolves.toBe('orders-20260501.csv');
    expect(sent).toEqual({ filter, format: 'csv' });
    expect(click).toHaveBeenCalledTimes(1);
    expect(progress.at(-1)).toEqual([100, Buffer.byteLength(csv)]);
  });

  it('an export refused as JSON shows the msg (S7.4: binary calls skip the code checks, not the refusal)', async () => {
    vi.stubGlobal('Blob', NodeBlob);
    server.use(mock.post('*/api/merchant/exportOrder', () => refuse(403, '没有导出权限')));
    await expect(exportOrders({ filter, format: 'xlsx' })).rejects.toMatchObject({ code: 403 });
    await waitFor(() => expect(toasts()).toEqual(['没有导出权限']), LONG);
  });
});
