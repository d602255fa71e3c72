import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { Blob as NodeBlob } from 'node:buffer';
import { ApiError } from '@/lib/api-error';
import {
  movement,
  mswServer,
  ok,
  refuse,
  settlementRow,
  toasts,
  withClient,
} from '@/components/reconciliation/testing';
import { exportSettlements } from './export-settlements';
import { fetchSettlementDetail } from './settlement-detail';
import { useSettlementList } from './settlement-list';
import { useSettlementMovements } from './settlement-movements';
import { useSettlementSummary } from './settlement-summary';

const LONG = { timeout: 8000 };
const filter = { from: '2026-04-01', to: '2026-05-01', statuses: ['FAILED' as const] };
const S1 = 'S20260501M100000001';

const server = mswServer();

describe('settlement API', () => {
  it('POST /settlement/list sends the filter with a page size, then the cursor for "load more"', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/settlement/list', async ({ request }) => {
        const body = (await request.json()) as { cursor?: string };
        bodies.push(body);
        return body.cursor
          ? ok({ rows: [settlementRow('S20260430M100000001')], nextCursor: null, hasMore: false })
          : ok({ rows: [settlementRow(S1)], nextCursor: 'c2', hasMore: true });
      }),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(() => useSettlementList(filter), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true), LONG);
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.hasNextPage).toBe(false), LONG);
    expect(result.current.data?.pages.flatMap((p) => p.rows.map((r) => r.settleNo))).toEqual([
      S1,
      'S20260430M100000001',
    ]);
    expect(bodies).toEqual([
      { ...filter, limit: 20 },
      { ...filter, limit: 20, cursor: 'c2' },
    ]);
  });

  it('POST /settlement/summary sends the same filter', async () => {
    const sent: unknown[] = [];
    const totals = {
      count: 2,
      tradeCount: 3,
      tradeFen: 300,
      refundCount: 0,
      refundFen: 0,
      feeFen: 1,
      splitFen: 0,
      netFen: 299,
    };
    server.use(
      mock.post('*/api/merchant/settlement/summary', async ({ request }) => {
        sent.push(await request.json());
        return ok(totals);
      }),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(() => useSettlementSummary(filter), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(totals), LONG);
    expect(sent).toEqual([filter]);
  });

  it("GET /settlement/detail asks by settleNo; a refusal is the drawer's to show, not a toast", async () => {
    let asked = '';
    server.use(
      mock.get('*/api/merchant/settlement/detail', ({ request }) => {
        asked = new URL(request.url).search;
        return asked.includes(S1) ? ok(settlementRow(S1)) : refuse(404, '结算单不存在');
      }),
    );
    await expect(fetchSettlementDetail(S1)).resolves.toMatchObject({ netFen: 121_991 });
    expect(asked).toBe(`?settleNo=${S1}`);
    await expect(fetchSettlementDetail('S20260501M100000009')).rejects.toEqual(expect.any(ApiError));
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([]);
  });

  it('POST /settlement/movements pages the movements of the open settlement only', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/settlement/movements', async ({ request }) => {
        const body = (await request.json()) as { cursor?: string };
        bodies.push(body);
        return body.cursor
          ? ok({ rows: [movement('R20260501100000000001', { kind: 'REFUND' })], nextCursor: null, hasMore: false })
          : ok({ rows: [movement('P20260501100000000001')], nextCursor: 'm2', hasMore: true });
      }),
    );
    const { wrapper } = withClient();
    const { result, rerender } = renderHook(({ no }: { no: string | null }) => useSettlementMovements(no), {
      wrapper,
      initialProps: { no: null as string | null },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(bodies).toEqual([]); // nothing asked while no settlement is open
    rerender({ no: S1 });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true), LONG);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.hasNextPage).toBe(false), LONG);
    expect(bodies).toEqual([
      { settleNo: S1, limit: 20 },
      { settleNo: S1, limit: 20, cursor: 'm2' },
    ]);
  });

  it('POST /exportSettlement sends {filter, format}, reports the bytes received and saves under the server name', async () => {
    let sent: unknown;
    const csv = '结算日,商户号\n2026-05-01,M100000001\n';
    server.use(
      mock.post('*/api/merchant/exportSettlement', async ({ request }) => {
        sent = await request.json();
        return new HttpResponse(csv, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename*=UTF-8''settlements-20260401-20260501.csv`,
          },
        });
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('Blob', NodeBlob); // jsdom's Blob lacks stream(), which msw needs for a binary answer
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const progress: number[] = [];
    await expect(exportSettlements({ filter, format: 'csv' }, (_, loaded) => progress.push(loaded))).resolves.toBe(
      'settlements-20260401-20260501.csv',
    );
    expect(sent).toEqual({ filter, format: 'csv' });
    expect(click).toHaveBeenCalledTimes(1);
    expect(progress.at(-1)).toBe(Buffer.byteLength(csv));
  });

  it('an export refused as JSON shows the msg (S7.4)', async () => {
    vi.stubGlobal('Blob', NodeBlob);
    server.use(mock.post('*/api/merchant/exportSettlement', () => refuse(403, '没有导出权限')));
    await expect(exportSettlements({ filter, format: 'xlsx' })).rejects.toMatchObject({ code: 403 });
    await waitFor(() => expect(toasts()).toEqual(['没有导出权限']), LONG);
  });
});
