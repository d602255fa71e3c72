import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http as mock } from 'msw';
import { setupServer } from 'msw/node';
import { message } from 'antd';
import { lastDays } from '@/lib/date-range';
import { setItem } from '@/lib/storage';
import { ok, orderDetailOf, orderRow, stubResizeObserver } from '../testing';
import OrderPage from './order.page';

const LONG = { timeout: 8000 };

const row = orderRow('P20260501100000000001', {
  label: null,
  amountFen: 123_456,
  feeFen: 469,
  refundableFen: 123_456,
});
const detail = orderDetailOf(row, {
  postings: [{ txNo: 'T1', kind: 'PAYMENT', account: 'platform:fee_income', amountFen: 469, at: row.paidAt! }],
});
stubResizeObserver();

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => localStorage.clear());
afterEach(async () => {
  server.resetHandlers();
  message.destroy();
  await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0));
});

function serve() {
  const sent = { list: [] as unknown[], summary: [] as unknown[] };
  server.use(
    mock.post('*/api/merchant/order/list', async ({ request }) => {
      sent.list.push(await request.json());
      return ok({ rows: [row], nextCursor: null, hasMore: false });
    }),
    mock.post('*/api/merchant/order/summary', async ({ request }) => {
      sent.summary.push(await request.json());
      return ok({ count: 1, paidCount: 1, amountFen: 123_456, refundedFen: 0, feeFen: 469, netFen: 122_987 });
    }),
    mock.get('*/api/merchant/order/detail', () => ok(detail)),
  );
  return sent;
}
function openPage(search: string, buttons: string[]) {
  setItem(
    'buttonData',
    buttons.map((code) => ({ code, name: code })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/order', Component: OrderPage }], {
    initialEntries: [`/order${search}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('/order', () => {
  it('sends the filter of the address to the list and the summary, and shows the totals as ¥', async () => {
    const sent = serve();
    openPage('?status=SUCCESS&channel=WECHAT,ALIPAY&min=10&max=2000.5&mch=M100000001&label=台', ['order:view']);
    await waitFor(() => expect(sent.summary).toHaveLength(1), LONG);
    const [from, to] = lastDays(7);
    const filter = {
      timeField: 'created',
      from,
      to,
      mchNos: ['M100000001'],
      statuses: ['SUCCESS'],
      channels: ['WECHAT', 'ALIPAY'],
      amountMinFen: 1000,
      amountMaxFen: 200_050,
      label: '台',
    };
    expect(sent.summary[0]).toEqual(filter);
    await waitFor(() => expect(sent.list[0]).toEqual({ ...filter, limit: 20 }), LONG);
    expect(await screen.findByTestId('order-summary-amountFen', undefined, LONG)).toHaveTextContent('¥1,234.56');
    expect(screen.getByTestId('order-summary-netFen')).toHaveTextContent('¥1,229.87');
    expect(within(screen.getByTestId('order-table')).getByText('¥1,234.56')).toBeInTheDocument();
  });

  it('hides export and refund without order:export and order:refund', async () => {
    serve();
    openPage('', ['order:view']);
    fireEvent.click(await screen.findByTestId(`order-open-${row.orderNo}`, undefined, LONG));
    await screen.findByTestId('order-detail-amount', undefined, LONG);
    expect(screen.queryByTestId('order-export-csv')).toBeNull();
    expect(screen.queryByTestId('order-refund')).toBeNull();
  });

  it('shows export and refund with order:export and order:refund; refund opens at what is refundable', async () => {
    serve();
    openPage('', ['order:view', 'order:export', 'order:refund']);
    expect(await screen.findByTestId('order-export-csv', undefined, LONG)).toBeInTheDocument();
    expect(screen.getByTestId('order-export-xlsx')).toBeInTheDocument();
    fireEvent.click(await screen.findByTestId(`order-open-${row.orderNo}`, undefined, LONG));
    expect(await screen.findByTestId('order-detail-fee', undefined, LONG)).toHaveTextContent('¥4.69');
    expect(screen.getByText('平台手续费收入')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('order-refund'));
    expect(((await screen.findByTestId('refund-amount', undefined, LONG)) as HTMLInputElement).value).toBe('1234.56');
  });
});
