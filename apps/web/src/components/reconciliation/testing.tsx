import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { message } from 'antd';
import { render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ComponentType, ReactNode } from 'react';
import type { MovementRow, SettlementItem } from '@mchweb/contract';
import { setItem } from '@/lib/storage';

/*
 * What the unit tests of settlements, bills and the dashboard share: envelopes as the server answers them,
 * a settlement and a movement as the API carries them, the MSW server of a test file, a QueryClient, and a page
 * opened for a member. Imported by tests only.
 */
export const ok = (data: unknown) => HttpResponse.json({ status: 200, code: 200, msg: 'ok', message: 'ok', data });
export const refuse = (code: number, msg: string) =>
  HttpResponse.json({ status: 200, code, msg, message: msg, data: null });

export const MERCHANTS = [
  { mchId: 1, mchNo: 'M100000001', name: '晨光咖啡', shortName: '晨光', type: 'ENTERPRISE', status: 'ACTIVE' },
  { mchId: 2, mchNo: 'M100000002', name: '晨光咖啡（二店）', shortName: '二店', type: 'ENTERPRISE', status: 'ACTIVE' },
] as const;

export const settlementRow = (settleNo: string, patch: Partial<SettlementItem> = {}): SettlementItem => ({
  settleNo,
  mchNo: 'M100000001',
  mchName: '晨光咖啡',
  settleDate: '2026-05-01',
  status: 'SETTLED',
  tradeCount: 12,
  tradeFen: 123_456,
  refundCount: 1,
  refundFen: 1000,
  feeFen: 465,
  splitFen: 0,
  netFen: 121_991,
  failReason: null,
  attempts: 1,
  createdAt: '2026-05-02T02:00:01+08:00',
  settledAt: '2026-05-02T02:00:02+08:00',
  ...patch,
});

export const movement = (refNo: string, patch: Partial<MovementRow> = {}): MovementRow => ({
  kind: 'PAYMENT',
  refNo,
  orderNo: refNo,
  mchNo: 'M100000001',
  channel: 'WECHAT',
  amountFen: 12_345,
  feeFen: 47,
  netFen: 12_298,
  at: '2026-05-01T10:00:05+08:00',
  ...patch,
});

/**
 * Render `Page` at `path + search` for a member with these buttons and menu paths, the demo merchants in the
 * session; returns the router (its location shows what the page keeps in the address).
 */
export function openPage(
  Page: ComponentType,
  path: string,
  search: string,
  { buttons = [], paths = [] }: { buttons?: string[]; paths?: string[] } = {},
) {
  setItem(
    'buttonData',
    buttons.map((code) => ({ code, name: code })),
  );
  setItem('menuData', [{ code: 'g', icon: 'x', children: paths.map((p) => ({ code: p.slice(1), path: p })) }]);
  setItem('mchList', MERCHANTS);
  const { wrapper: Wrapper } = withClient();
  const router = createMemoryRouter([{ path, Component: Page }], { initialEntries: [`${path}${search}`] });
  render(
    <Wrapper>
      <RouterProvider router={router} />
    </Wrapper>,
  );
  return router;
}

/** The toasts on screen, by their text. */
export const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

/**
 * The network edge of a test file: an MSW server that refuses requests no handler expects, started and stopped
 * with the file; storage, handlers, mocks and toasts reset between tests.
 */
export function mswServer() {
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
  return server;
}

/** A QueryClient without retries and a wrapper providing it, for renderHook. */
export function withClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, wrapper };
}
