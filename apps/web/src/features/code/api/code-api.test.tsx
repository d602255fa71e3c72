import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { message } from 'antd';
import type { CodeBatch, CodeListItem } from '@mchweb/contract';
import { ApiError } from '@/lib/api-error';
import { useBatchList } from './batch-list';
import { useBindCode } from './bind-code';
import { downloadPng } from './code-png';
import { downloadSheet } from './code-sheet';
import { useCodeList } from './code-list';
import { useCreateBatch } from './create-batch';
import { useDisableCode } from './disable-code';
import { useUnbindCode } from './unbind-code';

const ok = (data: unknown) => HttpResponse.json({ status: 200, code: 200, msg: 'ok', message: 'ok', data });
const refuse = (code: number, msg: string) => HttpResponse.json({ status: 200, code, msg, message: msg, data: null });

const batch = (batchNo: string, counts = { UNBOUND: 3, BOUND: 0, DISABLED: 0 }): CodeBatch => ({
  batchNo,
  count: counts.UNBOUND + counts.BOUND + counts.DISABLED,
  counts,
  createdAt: '2026-05-01T10:00:00+08:00',
  createdBy: '王芳',
});
const code = (codeNo: string, status: CodeListItem['status'] = 'UNBOUND'): CodeListItem => ({
  codeNo,
  batchNo: 'B20260501100000123456',
  status,
  mchNo: status === 'BOUND' ? 'M100000001' : null,
  mchName: status === 'BOUND' ? 'Shop' : null,
  fixedAmountFen: null,
  label: null,
  boundAt: null,
  disabledAt: null,
  createdAt: '2026-05-01T10:00:00+08:00',
});

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => localStorage.clear());
afterEach(async () => {
  server.resetHandlers();
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
// waitFor's 1 s is short for a call and its refetches on a loaded two-core machine.
const LONG = { timeout: 8000 };
const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

/** The anchors the download helper clicks, by their file name (jsdom has no downloads). */
function savedFiles(): string[] {
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  // jsdom's Blob lacks stream(), which msw needs to build a binary response; Node's Blob is the real thing.
  vi.stubGlobal('Blob', NodeBlob);
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  return saved;
}

describe('payment-code API', () => {
  it('POST /code/batch/list pages by cursor; POST /code/list sends the filter with a page size', async () => {
    const batchBodies: unknown[] = [];
    const listBodies: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/code/batch/list', async ({ request }) => {
        const body = (await request.json()) as { cursor?: string };
        batchBodies.push(body);
        return body.cursor
          ? ok({ rows: [batch('B2')], nextCursor: null, hasMore: false })
          : ok({ rows: [batch('B3')], nextCursor: 'c1', hasMore: true });
      }),
      mock.post('*/api/merchant/code/list', async ({ request }) => {
        listBodies.push(await request.json());
        return ok({ rows: [code('512345678901', 'BOUND')], nextCursor: null, hasMore: false });
      }),
    );
    const { wrapper } = withClient();
    const batches = renderHook(() => useBatchList(), { wrapper });
    await waitFor(() => expect(batches.result.current.hasNextPage).toBe(true), LONG);
    await act(() => batches.result.current.fetchNextPage());
    await waitFor(() => expect(batches.result.current.hasNextPage).toBe(false), LONG);
    expect(batches.result.current.data?.pages.flatMap((p) => p.rows.map((b) => b.batchNo))).toEqual(['B3', 'B2']);
    expect(batchBodies).toEqual([{ limit: 20 }, { limit: 20, cursor: 'c1' }]);

    const codes = renderHook(() => useCodeList({ status: ['BOUND'], mchNo: 'M100000001' }), { wrapper });
    await waitFor(() => expect(codes.result.current.isSuccess).toBe(true), LONG);
    expect(listBodies).toEqual([{ status: ['BOUND'], mchNo: 'M100000001', limit: 20 }]);
    const none = renderHook(() => useCodeList({ codeNo: '512345678901' }, { enabled: false }), { wrapper });
    expect(none.result.current.fetchStatus).toBe('idle');
    expect(listBodies).toHaveLength(1);
  });

  it('generating a batch refreshes the batch list before it resolves; a refusal is the form’s, not a toast', async () => {
    let made = 0;
    let listCalls = 0;
    server.use(
      mock.post('*/api/merchant/code/batch/create', async ({ request }) => {
        const { count } = (await request.json()) as { count: number };
        if (count > 1000) return refuse(400, 'body.count: 不能大于 1000');
        made += count;
        return ok(batch('B9', { UNBOUND: count, BOUND: 0, DISABLED: 0 }));
      }),
      mock.post('*/api/merchant/code/batch/list', () => {
        listCalls += 1;
        return ok({ rows: made ? [batch('B9')] : [], nextCursor: null, hasMore: false });
      }),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(() => ({ list: useBatchList(), create: useCreateBatch() }), { wrapper });
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true), LONG);
    await act(() => result.current.create.mutateAsync({ count: 5 }));
    expect(listCalls).toBe(2);
    // The refetched list reaches the hook's next render, not necessarily the one the mutation resolved in.
    await waitFor(() => expect(result.current.list.data?.pages[0]?.rows.map((b) => b.batchNo)).toEqual(['B9']), LONG);
    await expect(result.current.create.mutateAsync({ count: 5000 })).rejects.toBeInstanceOf(ApiError);
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([]);
  });

  it('bind posts the number, merchant, fen and label, answers reboundFrom; unbind and disable refresh the lists', async () => {
    const sent: Record<string, unknown[]> = { bind: [], unbind: [], disable: [] };
    let status: CodeListItem['status'] = 'UNBOUND';
    let listCalls = 0;
    server.use(
      mock.post('*/api/merchant/code/bind', async ({ request }) => {
        sent.bind!.push(await request.json());
        const was = status;
        status = 'BOUND';
        return ok({
          ...code('512345678901', 'BOUND'),
          reboundFrom: was === 'BOUND' ? { mchNo: 'M1', mchName: 'Old' } : null,
        });
      }),
      mock.post('*/api/merchant/code/unbind', async ({ request }) => {
        sent.unbind!.push(await request.json());
        status = 'UNBOUND';
        return ok(code('512345678901'));
      }),
      mock.post('*/api/merchant/code/disable', async ({ request }) => {
        sent.disable!.push(await request.json());
        status = 'DISABLED';
        return ok(code('512345678901', 'DISABLED'));
      }),
      mock.post('*/api/merchant/code/list', () => {
        listCalls += 1;
        return ok({ rows: [code('512345678901', status)], nextCursor: null, hasMore: false });
      }),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(
      () => ({ list: useCodeList({}), bind: useBindCode(), unbind: useUnbindCode(), disable: useDisableCode() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true), LONG);
    const input = { codeNo: '512345678901', mchNo: 'M100000001', fixedAmountFen: 2500, label: '3号桌' };
    await expect(result.current.bind.mutateAsync(input)).resolves.toMatchObject({ reboundFrom: null });
    await waitFor(() => expect(result.current.list.data?.pages[0]?.rows[0]?.status).toBe('BOUND'), LONG);
    await expect(
      result.current.bind.mutateAsync({ codeNo: '512345678901', mchNo: 'M100000002' }),
    ).resolves.toMatchObject({ reboundFrom: { mchName: 'Old' } });
    await act(() => result.current.unbind.mutateAsync({ codeNo: '512345678901' }));
    await waitFor(() => expect(result.current.list.data?.pages[0]?.rows[0]?.status).toBe('UNBOUND'), LONG);
    await act(() => result.current.disable.mutateAsync({ codeNo: '512345678901' }));
    await waitFor(() => expect(result.current.list.data?.pages[0]?.rows[0]?.status).toBe('DISABLED'), LONG);
    expect(sent).toEqual({
      bind: [input, { codeNo: '512345678901', mchNo: 'M100000002' }],
      unbind: [{ codeNo: '512345678901' }],
      disable: [{ codeNo: '512345678901' }],
    });
    expect(listCalls).toBe(5);
  });

  it('a refused bind is quiet (the form shows it); a refused unbind is toasted', async () => {
    server.use(
      mock.post('*/api/merchant/code/bind', () => refuse(409, 'mchNo: the merchant is frozen')),
      mock.post('*/api/merchant/code/unbind', () => refuse(409, 'codeNo: the code is not bound to a merchant')),
    );
    const { wrapper } = withClient();
    const { result } = renderHook(() => ({ bind: useBindCode(), unbind: useUnbindCode() }), { wrapper });
    await expect(
      result.current.bind.mutateAsync({ codeNo: '512345678901', mchNo: 'M100000004' }),
    ).rejects.toMatchObject({ code: 409, msg: 'mchNo: the merchant is frozen' });
    await new Promise((r) => setTimeout(r, 50));
    expect(toasts()).toEqual([]);
    await expect(result.current.unbind.mutateAsync({ codeNo: '512345678901' })).rejects.toBeInstanceOf(ApiError);
    await waitFor(() => expect(toasts()).toEqual(['codeNo: the code is not bound to a merchant']), LONG);
  });

  it('S7.4 GET /code/sheet and /code/png are files saved under the server’s name; a JSON refusal is toasted', async () => {
    const saved = savedFiles();
    const asked: string[] = [];
    server.use(
      mock.get('*/api/merchant/code/sheet', ({ request }) => {
        asked.push(new URL(request.url).search);
        return new HttpResponse('%PDF-1.3\n', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="payment-codes_B1.pdf"; filename*=UTF-8''%E6%94%B6%E6%AC%BE%E7%A0%81_B1.pdf`,
          },
        });
      }),
      mock.get('*/api/merchant/code/png', ({ request }) =>
        new URL(request.url).searchParams.get('codeNo') === '512345678901'
          ? new HttpResponse('png', {
              headers: { 'content-type': 'image/png', 'content-disposition': 'attachment; filename="code.png"' },
            })
          : refuse(404, 'codeNo: no payment code with this number in this organisation'),
      ),
    );
    await expect(downloadSheet('B20260501100000123456')).resolves.toBe('收款码_B1.pdf');
    expect(asked).toEqual(['?batchNo=B20260501100000123456']);
    await expect(downloadPng('512345678901')).resolves.toBe('code.png');
    expect(saved).toEqual(['收款码_B1.pdf', 'code.png']);
    await expect(downloadPng('999999999999')).rejects.toMatchObject({ code: 404 });
    expect(saved).toHaveLength(2);
    await waitFor(
      () => expect(toasts()).toEqual(['codeNo: no payment code with this number in this organisation']),
      LONG,
    );
  });
});
