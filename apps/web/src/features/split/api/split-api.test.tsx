import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http as mock } from 'msw';
import { mswServer, ok, refuse, toasts, withClient } from '@/components/reconciliation/testing';
import { useApplySplit } from './apply-split';
import { useCancelSplit } from './cancel-split';
import { fetchSplitDetail } from './split-detail';
import { SPLIT_POLL_MS, useSplitList } from './split-list';
import { splitKeys } from './query-keys';
import { splitRow } from '../testing';

const LONG = { timeout: 8000 };
const server = mswServer();
const APPLY_NO = 'D20260501100000000001';
const empty = () => ok({ rows: [], nextCursor: null, hasMore: false });

describe('split API', () => {
  it('POST /div/list sends the filter with a page size, then the cursor', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/div/list', async ({ request }) => {
        const body = (await request.json()) as { cursor?: string };
        bodies.push(body);
        return body.cursor
          ? ok({ rows: [splitRow('D20260501100000000001', { status: 'APPROVED' })], nextCursor: null, hasMore: false })
          : ok({ rows: [splitRow('D20260501100000000002', { status: 'REJECTED' })], nextCursor: 'c2', hasMore: true });
      }),
    );
    const { wrapper } = withClient();
    const filter = { statuses: ['APPROVED' as const, 'REJECTED' as const], mchNos: ['M100000001'] };
    const { result } = renderHook(() => useSplitList(filter), { wrapper });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true), LONG);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.hasNextPage).toBe(false), LONG);
    expect(bodies).toEqual([
      { ...filter, limit: 20 },
      { ...filter, limit: 20, cursor: 'c2' },
    ]);
  });

  it('the list is read again every 3 s while an application is under review, and no longer once decided', async () => {
    let status: 'SUBMITTED' | 'APPROVED' = 'SUBMITTED';
    server.use(
      mock.post('*/api/merchant/div/list', () =>
        ok({ rows: [splitRow(APPLY_NO, { status })], nextCursor: null, hasMore: false }),
      ),
    );
    const { wrapper, client } = withClient();
    const { result } = renderHook(() => useSplitList({}), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true), LONG);
    const query = () => client.getQueryCache().findAll({ queryKey: splitKeys.list({}) })[0]!;
    const interval = query().observers[0]!.options.refetchInterval as (q: unknown) => number | false;
    expect(interval(query())).toBe(SPLIT_POLL_MS);
    status = 'APPROVED';
    await act(() => result.current.refetch());
    expect(interval(query())).toBe(false);
  });

  it('applying reads the lists again before it resolves; a refusal is quiet (the form shows it)', async () => {
    let lists = 0;
    let answer = () => refuse(400, 'body.receivers: must share at most 30 % in all (now 31 %)');
    const sent: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/div/list', () => {
        lists += 1;
        return empty();
      }),
      mock.post('*/api/merchant/div/apply', async ({ request }) => {
        sent.push(await request.json());
        return answer();
      }),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(() => ({ list: useSplitList({}), apply: useApplySplit() }), { wrapper });
    await waitFor(() => expect(lists).toBe(1), LONG);
    const body = {
      mchNo: 'M100000001',
      receivers: [
        { type: 'MERCHANT' as const, mchNo: 'M100000002', ratio: 20 },
        { type: 'EXTERNAL' as const, name: '王芳', accountNo: '62220212345678903', bankName: '招商银行', ratio: 10 },
      ],
      remark: '',
    };
    await expect(result.current.apply.mutateAsync(body)).rejects.toMatchObject({
      msg: 'body.receivers: must share at most 30 % in all (now 31 %)',
    });
    expect(toasts()).toEqual([]);
    answer = () => ok(splitRow(APPLY_NO));
    await act(() => result.current.apply.mutateAsync(body));
    expect(lists).toBe(2);
    expect(sent).toEqual([body, body]);
  });

  it('canceling sends the application number and reads the lists again; a refusal is toasted', async () => {
    let lists = 0;
    let answer = () => ok(splitRow(APPLY_NO, { status: 'CANCELED' }));
    const sent: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/div/list', () => {
        lists += 1;
        return empty();
      }),
      mock.post('*/api/merchant/div/cancel', async ({ request }) => {
        sent.push(await request.json());
        return answer();
      }),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(() => ({ list: useSplitList({}), cancel: useCancelSplit() }), { wrapper });
    await waitFor(() => expect(lists).toBe(1), LONG);
    await act(() => result.current.cancel.mutateAsync({ applyNo: APPLY_NO }));
    expect(sent).toEqual([{ applyNo: APPLY_NO }]);
    expect(lists).toBe(2);
    answer = () => refuse(409, '只能撤销审核中的申请');
    await expect(result.current.cancel.mutateAsync({ applyNo: APPLY_NO })).rejects.toMatchObject({ code: 409 });
    await waitFor(() => expect(toasts()).toEqual(['只能撤销审核中的申请']), LONG);
  });

  it("GET /div/detail asks by applyNo; a refusal is the drawer's to show, not a toast", async () => {
    const asked: string[] = [];
    server.use(
      mock.get('*/api/merchant/div/detail', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('applyNo')!);
        return refuse(404, '没有这条分账申请');
      }),
    );
    await expect(fetchSplitDetail(APPLY_NO)).rejects.toMatchObject({ code: 404, msg: '没有这条分账申请' });
    expect(asked).toEqual([APPLY_NO]);
    expect(toasts()).toEqual([]);
  });
});
