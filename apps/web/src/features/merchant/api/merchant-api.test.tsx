import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { message } from 'antd';
import type { ChannelListItem, MerchantDetail, MerchantListItem } from '@mchweb/contract';
import { ApiError } from '@/lib/api-error';
import { getSession } from '@/lib/session';
import { fetchChannelList } from './channel-list';
import { useFreezeMerchant } from './freeze-merchant';
import { useMerchantBalance } from './merchant-balance';
import { fetchMerchantDetail, merchantDetailQuery } from './merchant-detail';
import { useMerchantList } from './merchant-list';
import { useUnfreezeMerchant } from './unfreeze-merchant';

const ok = (data: unknown) => HttpResponse.json({ status: 200, code: 200, msg: 'ok', message: 'ok', data });
const refuse = (code: number, msg: string) => HttpResponse.json({ status: 200, code, msg, message: msg, data: null });

const row = (mchNo: string, status: MerchantListItem['status'] = 'ACTIVE'): MerchantListItem => ({
  mchNo,
  name: `Shop ${mchNo}`,
  shortName: mchNo,
  type: 'ENTERPRISE',
  category: 'CATERING',
  status,
  channels: ['WECHAT'],
  createdAt: '2026-05-01T10:00:00+08:00',
  applyNo: null,
});
const detail = (status: MerchantDetail['status'], history: MerchantDetail['statusHistory'] = []): MerchantDetail => ({
  ...row('M100000004', status),
  channels: [{ channel: 'WECHAT', rate: 3.8 }],
  creditCode: null,
  legalPersonName: '王芳',
  address: '杭州',
  servicePhone: '13800138000',
  settlement: {
    accountType: 'PERSONAL',
    bankName: '中国工商银行',
    branchName: '湖滨支行',
    accountName: '王芳',
    accountNumberMasked: '****1234',
  },
  statusHistory: history,
});

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => localStorage.clear());
afterEach(async () => {
  server.resetHandlers();
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
// waitFor's 1 s is short for a call and its refetches on a loaded two-core machine.
const LONG = { timeout: 8000 };
const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

describe('merchant API', () => {
  it('POST /merchant/list sends the filter with a page size, then the cursor for "load more"', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/merchant/list', async ({ request }) => {
        const body = (await request.json()) as { cursor?: string };
        bodies.push(body);
        return body.cursor
          ? ok({ rows: [row('M100000001')], nextCursor: null, hasMore: false })
          : ok({ rows: [row('M100000003'), row('M100000002')], nextCursor: 'c2', hasMore: true });
      }),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(() => useMerchantList({ status: ['ACTIVE', 'FROZEN'], channel: 'WECHAT' }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true), LONG);
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.hasNextPage).toBe(false), LONG);
    expect(result.current.data?.pages.flatMap((p) => p.rows.map((r) => r.mchNo))).toEqual([
      'M100000003',
      'M100000002',
      'M100000001',
    ]);
    expect(bodies).toEqual([
      { status: ['ACTIVE', 'FROZEN'], channel: 'WECHAT', limit: 20 },
      { status: ['ACTIVE', 'FROZEN'], channel: 'WECHAT', limit: 20, cursor: 'c2' },
    ]);
  });

  it("GET /merchant/detail asks by mchNo; a refusal is the drawer's to show, not a toast", async () => {
    let asked = '';
    server.use(
      mock.get('*/api/merchant/merchant/detail', ({ request }) => {
        asked = new URL(request.url).search;
        return asked.includes('M100000004') ? ok(detail('ACTIVE')) : refuse(404, '商户不存在');
      }),
    );
    await expect(fetchMerchantDetail('M100000004')).resolves.toMatchObject({
      settlement: { accountNumberMasked: '****1234' },
    });
    expect(asked).toBe('?mchNo=M100000004');
    await expect(fetchMerchantDetail('M999999999')).rejects.toEqual(expect.any(ApiError));
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([]);
  });

  it('GET /channel/list answers the channels with their merchants', async () => {
    const channels: ChannelListItem[] = [
      { channel: 'WECHAT', name: null, defaultRate: 3.8, merchantCount: 1, merchants: [] },
    ];
    server.use(mock.get('*/api/merchant/channel/list', () => ok(channels)));
    await expect(fetchChannelList()).resolves.toEqual(channels);
  });

  it("freeze posts mchNo and reason, then refreshes the list, the detail and the session's merchants", async () => {
    let status: MerchantDetail['status'] = 'ACTIVE';
    const sent: unknown[] = [];
    let listCalls = 0;
    server.use(
      mock.post('*/api/merchant/merchant/freeze', async ({ request }) => {
        sent.push(await request.json());
        status = 'FROZEN';
        return ok({ mchNo: 'M100000004', status });
      }),
      mock.post('*/api/merchant/merchant/list', () => {
        listCalls += 1;
        return ok({ rows: [row('M100000004', status)], nextCursor: null, hasMore: false });
      }),
      mock.get('*/api/merchant/merchant/detail', () =>
        ok(detail(status, [{ from: 'ACTIVE', to: status, at: '2026-05-02T10:00:00+08:00', by: '王芳', reason: 'r' }])),
      ),
      mock.get('*/api/merchant/user/getCurrentUser', () =>
        ok({
          userInfo: { userId: 1 },
          menuData: [],
          buttonData: [],
          mchList: [{ mchId: 4, mchNo: 'M100000004', name: 'Shop', shortName: 'S', type: 'ENTERPRISE', status }],
        }),
      ),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(
      () => ({
        list: useMerchantList({}),
        detail: useQuery(merchantDetailQuery('M100000004')),
        freeze: useFreezeMerchant(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.detail.data?.status).toBe('ACTIVE'), LONG);
    await waitFor(() => expect(listCalls).toBe(1), LONG);
    await act(() => result.current.freeze.mutateAsync({ mchNo: 'M100000004', reason: 'Complaints' }));
    // Resolved only once the stale queries are fetched again: the caller sees the new state at once.
    expect(sent).toEqual([{ mchNo: 'M100000004', reason: 'Complaints' }]);
    expect(result.current.detail.data?.status).toBe('FROZEN');
    expect(result.current.detail.data?.statusHistory).toHaveLength(1);
    expect(result.current.list.data?.pages[0]?.rows[0]?.status).toBe('FROZEN');
    expect(listCalls).toBe(2);
    expect(getSession().mchList.map((m) => m.status)).toEqual(['FROZEN']);
  });

  it('freeze and unfreeze are quiet: a refusal reaches the form, not a toast; unfreeze may omit the reason', async () => {
    const sent: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/merchant/freeze', () => refuse(409, 'mchNo: the merchant is already frozen')),
      mock.post('*/api/merchant/merchant/unfreeze', async ({ request }) => {
        sent.push(await request.json());
        return ok({ mchNo: 'M100000004', status: 'ACTIVE' });
      }),
      mock.get('*/api/merchant/user/getCurrentUser', () => ok(null)),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(() => ({ freeze: useFreezeMerchant(), unfreeze: useUnfreezeMerchant() }), {
      wrapper,
    });
    await expect(result.current.freeze.mutateAsync({ mchNo: 'M100000004', reason: 'x' })).rejects.toMatchObject({
      code: 409,
      msg: 'mchNo: the merchant is already frozen',
    });
    await act(() => result.current.unfreeze.mutateAsync({ mchNo: 'M100000004' }));
    expect(sent).toEqual([{ mchNo: 'M100000004' }]);
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([]);
  });

  it('GET /balance for the drawer asks by mchNo only for a member allowed to see it; a refusal is quiet', async () => {
    const asked: string[] = [];
    let answer = ok({ mchNo: 'M100000004', pendingFen: 100, availableFen: 2000, inTransitFen: 300 });
    server.use(
      mock.get('*/api/merchant/balance', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('mchNo')!);
        return answer;
      }),
    );
    const hidden = renderHook(() => useMerchantBalance('M100000004', false), { wrapper: withClient().wrapper });
    await new Promise((r) => setTimeout(r, 50));
    expect(hidden.result.current.fetchStatus).toBe('idle');
    const { result } = renderHook(() => useMerchantBalance('M100000004', true), { wrapper: withClient().wrapper });
    await waitFor(() => expect(result.current.data?.availableFen).toBe(2000), LONG);
    expect(asked).toEqual(['M100000004']);
    answer = refuse(403, '没有权限');
    await act(() => result.current.refetch());
    expect(toasts()).toEqual([]);
  });
});
