import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CashierCode, CashierOrder } from '@mchweb/contract';
import { ok, refuse } from '../testing';
import { setJsonTransport } from '@/lib/api';
import { fetchTransport } from '@/lib/fetch-transport';
import { initialLanguage } from '@/lib/browser-language';
import { changeLanguage, currentLanguage } from './language';
import PayApp from './pay-app';

const LONG = { timeout: 8000 };

const CODE_NO = '123456789012';
const code = (patch: Partial<CashierCode> = {}): CashierCode => ({
  codeNo: CODE_NO,
  mchName: '晨光咖啡',
  fixedAmountFen: null,
  label: '1 号收银台',
  channels: ['WECHAT', 'ALIPAY', 'UNIONPAY'],
  availability: { WECHAT: 'SANDBOX', ALIPAY: 'SANDBOX', UNIONPAY: 'SANDBOX' },
  ...patch,
});
const orderOf = (body: { amountFen: number; channel: CashierOrder['channel'] }, n: number): CashierOrder => ({
  orderNo: `P2026050110000000000${n}`,
  status: 'PENDING',
  amountFen: body.amountFen,
  channel: body.channel,
  mchName: '晨光咖啡',
  createdAt: '2026-05-01T10:00:00+08:00',
  paidAt: null,
  expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
});

const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setJsonTransport(fetchTransport(currentLanguage)); // as pay-main.tsx does
  changeLanguage('zh-CN'); // jsdom's browser asks for en-US
});
afterAll(() => server.close());
beforeEach(() => sessionStorage.clear());
afterEach(() => server.resetHandlers());

function openCashier(codeNo = CODE_NO) {
  window.history.replaceState(null, '', `/mchweb/pay/${codeNo}`);
  render(<PayApp />);
}
const press = (keys: string) =>
  [...keys].forEach((k) => fireEvent.click(screen.getByTestId(`cashier-key-${k === '.' ? 'dot' : k}`)));

describe("the payer's language", () => {
  it('is the one the portal stored, else the first of zh-CN and en-US the browser asks for, else zh-CN', () => {
    expect(initialLanguage('en-US', ['zh-CN'])).toBe('en-US');
    expect(initialLanguage(null, ['fr-FR', 'en-GB', 'zh-CN'])).toBe('en-US');
    expect(initialLanguage(null, ['zh-TW'])).toBe('zh-CN');
    expect(initialLanguage('xx', ['de-DE'])).toBe('zh-CN');
  });
});

describe('the cashier', () => {
  it('keeps one idempotency key per intended payment: a retry sends it again, a new payment gets a new one', async () => {
    const created: { idempotencyKey: string; amountFen: number; channel: CashierOrder['channel'] }[] = [];
    const notices: unknown[] = [];
    const orders = new Map<string, CashierOrder>();
    server.use(
      mock.get('*/api/pay/code/:codeNo', () => ok(code())),
      mock.post('*/api/pay/order', async ({ request }) => {
        const body = (await request.json()) as (typeof created)[number];
        created.push(body);
        if (created.length === 1) return HttpResponse.error(); // the answer is lost on the way
        const order = orderOf(body, created.length);
        orders.set(order.orderNo, order);
        return ok(order);
      }),
      mock.get('*/api/pay/order/:orderNo', ({ params }) => ok(orders.get(String(params.orderNo)))),
      mock.post('*/api/pay/sandbox/notify', async ({ request }) => {
        const body = (await request.json()) as { orderNo: string; result: 'SUCCESS' };
        notices.push(body);
        const paid = { ...orders.get(body.orderNo)!, status: body.result, paidAt: '2026-05-01T10:00:09+08:00' };
        orders.set(body.orderNo, paid);
        return ok(paid);
      }),
    );
    openCashier();
    await screen.findByText('晨光咖啡', undefined, LONG);
    expect(screen.getByTestId('cashier-pay')).toBeDisabled();
    press('12.5');
    expect(screen.getByTestId('cashier-amount')).toHaveTextContent('¥12.5');
    fireEvent.click(screen.getByTestId('cashier-channel-ALIPAY'));
    fireEvent.click(screen.getByTestId('cashier-pay'));
    await screen.findByTestId('cashier-error', undefined, LONG);
    fireEvent.click(screen.getByTestId('cashier-pay'));
    await screen.findByTestId('cashier-sandbox', undefined, LONG);
    expect(created).toHaveLength(2);
    expect(created[0]).toEqual({
      codeNo: CODE_NO,
      amountFen: 1250,
      channel: 'ALIPAY',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    });
    expect(created[1]).toEqual(created[0]);
    expect(window.location.search).toBe('?order=P20260501100000000002');

    fireEvent.click(screen.getByTestId('sandbox-success'));
    await screen.findByTestId('cashier-result-SUCCESS', undefined, LONG);
    expect(notices).toEqual([{ orderNo: 'P20260501100000000002', result: 'SUCCESS' }]);
    expect(screen.getByTestId('cashier-result-amount')).toHaveTextContent('¥12.50');
    expect(screen.getByText('已向晨光咖啡付款')).toBeInTheDocument();

    // Paid: the key is forgotten, so the same amount paid again is a new payment with a new key.
    fireEvent.click(screen.getByTestId('cashier-another'));
    press('12.5');
    fireEvent.click(screen.getByTestId('cashier-channel-ALIPAY'));
    fireEvent.click(screen.getByTestId('cashier-pay'));
    await waitFor(() => expect(created).toHaveLength(3), LONG);
    expect(created[2]!.idempotencyKey).not.toBe(created[0]!.idempotencyKey);
  });

  it('a double tap on Pay creates one order', async () => {
    const created: unknown[] = [];
    server.use(
      mock.get('*/api/pay/code/:codeNo', () => ok(code({ fixedAmountFen: 880 }))),
      mock.post('*/api/pay/order', async ({ request }) => {
        const body = (await request.json()) as { amountFen: number; channel: CashierOrder['channel'] };
        created.push(body);
        return ok(orderOf(body, 1));
      }),
      mock.get('*/api/pay/order/:orderNo', () => ok(orderOf({ amountFen: 880, channel: 'WECHAT' }, 1))),
    );
    openCashier();
    await screen.findByTestId('cashier-pay', undefined, LONG);
    expect(screen.getByTestId('cashier-amount')).toHaveTextContent('¥8.80');
    expect(screen.queryByTestId('cashier-key-1')).toBeNull();
    fireEvent.click(screen.getByTestId('cashier-pay'));
    fireEvent.click(screen.getByTestId('cashier-pay'));
    await screen.findByTestId('cashier-sandbox', undefined, LONG);
    expect(created).toEqual([
      { codeNo: CODE_NO, amountFen: 880, channel: 'WECHAT', idempotencyKey: expect.any(String) },
    ]);
  });

  it('an unknown code and a code that cannot take payments say so', async () => {
    server.use(mock.get('*/api/pay/code/:codeNo', () => refuse(404, '收款码不存在')));
    openCashier('999999999999');
    expect(await screen.findByTestId('cashier-code-unknown', undefined, LONG)).toHaveTextContent('收款码无效');
    server.use(mock.get('*/api/pay/code/:codeNo', () => refuse(409, '这个收款码已停用')));
    openCashier();
    expect(await screen.findByTestId('cashier-code-unusable', undefined, LONG)).toHaveTextContent('这个收款码已停用');
  });
});
