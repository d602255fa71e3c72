import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { message, Modal } from 'antd';
import { ok, refuse, stubResizeObserver } from '../testing';
import { RefundModal } from './refund-modal';

stubResizeObserver();

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(async () => {
  server.resetHandlers();
  Modal.destroyAll();
  message.destroy();
  await waitFor(() => expect(document.querySelectorAll('.ant-message-notice')).toHaveLength(0));
});

const order = { orderNo: 'P20260501100000000001', amountFen: 12_345, refundedFen: 2345, refundableFen: 10_000 };
const LONG = { timeout: 8000 };
function open() {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RefundModal order={order} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}
const amount = () => screen.getByTestId('refund-amount') as HTMLInputElement;
const reason = () => screen.getByTestId('refund-reason');
const submit = () => fireEvent.click(screen.getByTestId('refund-submit'));
const errorBeside = (testId: string) =>
  screen.getByTestId(testId).closest('.ant-form-item')!.querySelector('.ant-form-item-explain')?.textContent ?? '';

describe('the refund dialog', () => {
  it('starts at what is refundable and refuses more than that, a malformed amount, or no reason', async () => {
    const sent: unknown[] = [];
    server.use(
      mock.post('*/api/merchant/order/refund', async ({ request }) => {
        sent.push(await request.json());
        return ok({ refundNo: 'R1', status: 'PROCESSING', orderStatus: 'SUCCESS' });
      }),
    );
    open();
    expect(amount().value).toBe('100.00');
    fireEvent.change(amount(), { target: { value: '100.01' } });
    submit();
    // Each field's message appears on its own render, so wait for both.
    await waitFor(() => {
      expect(errorBeside('refund-amount')).toBe('不能超过可退金额 ¥100.00');
      expect(errorBeside('refund-reason')).toBe('请填写退款原因');
    }, LONG);
    fireEvent.change(amount(), { target: { value: '1.234' } });
    await waitFor(() => expect(errorBeside('refund-amount')).toBe('请输入金额，最多两位小数'), LONG);
    fireEvent.change(amount(), { target: { value: '0' } });
    await waitFor(() => expect(errorBeside('refund-amount')).toBe('退款金额至少 ¥0.01'), LONG);
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);
  });

  it('a retry after a failure sends the same idempotency key, so the server answers the same refund', async () => {
    const sent: { idempotencyKey: string }[] = [];
    server.use(
      mock.post('*/api/merchant/order/refund', async ({ request }) => {
        sent.push((await request.json()) as { idempotencyKey: string });
        return sent.length === 1
          ? new HttpResponse(null, { status: 502 })
          : ok({ refundNo: 'R20260501100000000001', status: 'PROCESSING', orderStatus: 'SUCCESS' });
      }),
      mock.post('*/api/merchant/order/list', () => ok({ rows: [], nextCursor: null, hasMore: false })),
    );
    const onClose = open();
    fireEvent.change(amount(), { target: { value: '12.5' } });
    fireEvent.change(reason(), { target: { value: ' 顾客退货 ' } });
    submit();
    await waitFor(() => expect(sent).toHaveLength(1), LONG);
    await waitFor(() => expect(screen.getByTestId('refund-submit')).not.toHaveClass('ant-btn-loading'), LONG);
    expect(onClose).not.toHaveBeenCalled();
    submit();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), LONG);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual({
      orderNo: order.orderNo,
      amountFen: 1250,
      reason: '顾客退货',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    expect(sent[1]).toEqual(sent[0]);
  });

  it("the server's refusal goes beside the field it names; one naming no field beside the amount", async () => {
    let answer = refuse(400, 'reason: must be at most 80 characters');
    server.use(mock.post('*/api/merchant/order/refund', () => answer));
    open();
    fireEvent.change(reason(), { target: { value: 'x' } });
    submit();
    await waitFor(() => expect(errorBeside('refund-reason')).toBe('must be at most 80 characters'), LONG);
    answer = refuse(409, '订单可退金额不足');
    submit();
    await waitFor(() => expect(errorBeside('refund-amount')).toBe('订单可退金额不足'), LONG);
  });
});
