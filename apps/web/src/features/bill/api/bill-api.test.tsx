import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { Blob as NodeBlob } from 'node:buffer';
import { movement, mswServer, ok, refuse, toasts, withClient } from '@/components/reconciliation/testing';
import { useBillRows } from './bill-rows';
import { useBillSummary } from './bill-summary';
import { exportTradeBill } from './export-trade-bill';

const LONG = { timeout: 8000 };
const bill = { mchNo: 'M100000001', date: '2026-05-01' };
const zero = { tradeCount: 0, tradeFen: 0, refundCount: 0, refundFen: 0, feeFen: 0, splitFen: 0, netFen: 0 };

const server = mswServer();

describe('bill API', () => {
  it('POST /bill/summary sends the merchant and day, or the day alone for the organisation', async () => {
    const sent: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/bill/summary', async ({ request }) => {
        sent.push(await request.json());
        return ok({ mchNo: null, date: '2026-05-01', hasTrade: false, total: zero, byChannel: [], settlements: [] });
      }),
    );
    const { wrapper } = withClient();
    const { result, rerender } = renderHook(({ b }) => useBillSummary(b), {
      wrapper,
      initialProps: { b: bill as { mchNo?: string; date: string } },
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true), LONG);
    rerender({ b: { date: '2026-05-01' } });
    await waitFor(() => expect(sent).toHaveLength(2), LONG);
    expect(sent).toEqual([bill, { date: '2026-05-01' }]);
  });

  it('POST /bill/rows pages the day, and asks nothing for a day the summary says had no trade', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/bill/rows', async ({ request }) => {
        const body = (await request.json()) as { cursor?: string };
        bodies.push(body);
        return body.cursor
          ? ok({ rows: [movement('P20260501100000000002')], nextCursor: null, hasMore: false })
          : ok({ rows: [movement('P20260501100000000001')], nextCursor: 'r2', hasMore: true });
      }),
    );
    const { wrapper } = withClient();
    const { result, rerender } = renderHook(({ on }) => useBillRows(bill, on), {
      wrapper,
      initialProps: { on: false },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(bodies).toEqual([]);
    rerender({ on: true });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true), LONG);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.hasNextPage).toBe(false), LONG);
    expect(bodies).toEqual([
      { ...bill, limit: 50 },
      { ...bill, limit: 50, cursor: 'r2' },
    ]);
  });

  it('POST /exportTradeBill sends {mchNo, date, format} and saves under the server name', async () => {
    let sent: unknown;
    server.use(
      mock.post('*/api/merchant/exportTradeBill', async ({ request }) => {
        sent = await request.json();
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': `attachment; filename*=UTF-8''bill-M100000001-20260501.xlsx`,
          },
        });
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('Blob', NodeBlob);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    await expect(exportTradeBill({ ...bill, format: 'xlsx' })).resolves.toBe('bill-M100000001-20260501.xlsx');
    expect(sent).toEqual({ ...bill, format: 'xlsx' });
  });

  it('an export refused as JSON shows the msg (S7.4)', async () => {
    vi.stubGlobal('Blob', NodeBlob);
    server.use(mock.post('*/api/merchant/exportTradeBill', () => refuse(403, '没有导出权限')));
    await expect(exportTradeBill({ date: '2026-05-01', format: 'csv' })).rejects.toMatchObject({ code: 403 });
    await waitFor(() => expect(toasts()).toEqual(['没有导出权限']), LONG);
  });
});
