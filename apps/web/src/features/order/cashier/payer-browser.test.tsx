import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http as mock } from 'msw';
import { setupServer } from 'msw/node';
import type { CashierCode, CashierOrder } from '@mchweb/contract';
import { ok } from '../testing';
import { setJsonTransport } from '@/lib/api';
import { fetchTransport } from '@/lib/fetch-transport';
import { changeLanguage, currentLanguage } from './language';
import PayApp from './pay-app';
import { alipaySignIn, payerBrowser, preferredChannel, wechatSignIn } from './payer-browser';

const LONG = { timeout: 8000 };
const CODE_NO = '123456789012';
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const ALIPAY_UA =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0 Mobile Safari/537.36 AlipayClient/10.5.36.8000';
const code = (availability: CashierCode['availability']): CashierCode => ({
  codeNo: CODE_NO,
  mchName: '晨光咖啡',
  fixedAmountFen: 880,
  label: null,
  channels: ['WECHAT', 'ALIPAY', 'UNIONPAY'],
  availability,
});

const server = setupServer();
const realUa = navigator.userAgent;
const asBrowser = (ua: string) => Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setJsonTransport(fetchTransport(currentLanguage));
});
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  asBrowser(realUa);
  sessionStorage.clear();
});

describe('the browser the payer is in picks the flow', () => {
  it('tells WeChat, Alipay and other browsers apart by their user agent', () => {
    expect(payerBrowser(WECHAT_UA)).toBe('wechat');
    expect(payerBrowser(ALIPAY_UA)).toBe('alipay');
    expect(payerBrowser('Mozilla/5.0 (iPhone) Safari/604.1')).toBe('other');
  });

  it('inside WeChat with WeChat Pay live, the page first goes through the snsapi_base sign-in, once', () => {
    const live = code({ WECHAT: 'LIVE', ALIPAY: 'SANDBOX', UNIONPAY: 'NOT_CONNECTED' });
    expect(wechatSignIn(live, '')).toBe(`/api/pay/wechat/oauth?codeNo=${CODE_NO}`);
    expect(wechatSignIn(live, '?wechat=ok')).toBeNull();
    expect(wechatSignIn(live, '?wechat=denied')).toBeNull();
    expect(wechatSignIn(code({ WECHAT: 'SANDBOX' }), '')).toBeNull();
    expect(preferredChannel('wechat', live)).toBe('WECHAT');
    expect(preferredChannel('alipay', live)).toBe('ALIPAY');
    expect(preferredChannel('other', code({ WECHAT: 'NO_SUB_MERCHANT', ALIPAY: 'SANDBOX' }))).toBe('ALIPAY');
  });

  it('inside WeChat, the JSAPI order opens WeChat Pay with its parameters and the page waits for the result', async () => {
    asBrowser(WECHAT_UA);
    changeLanguage('en-US');
    const params = {
      appId: 'wx8888888888888888',
      timeStamp: '1764150000',
      nonceStr: 'n1',
      package: 'prepay_id=wx1',
      signType: 'RSA',
      paySign: 'c2ln',
    };
    const order: CashierOrder = {
      orderNo: 'P20260501100000000001',
      status: 'PENDING',
      amountFen: 880,
      channel: 'WECHAT',
      mchName: '晨光咖啡',
      createdAt: '2026-05-01T10:00:00+08:00',
      paidAt: null,
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    };
    server.use(
      mock.get('*/api/pay/code/:codeNo', () => ok(code({ WECHAT: 'LIVE', ALIPAY: 'SANDBOX', UNIONPAY: 'SANDBOX' }))),
      mock.post('*/api/pay/order', () => ok({ ...order, payerAction: { kind: 'WECHAT_JSAPI', ...params } })),
      mock.get('*/api/pay/order/:orderNo', () => ok(order)),
    );
    const invoke = vi.fn();
    Object.assign(window, { WeixinJSBridge: { invoke } });
    window.history.replaceState(null, '', `/mchweb/pay/${CODE_NO}?wechat=ok`);
    render(<PayApp />);
    fireEvent.click(await screen.findByTestId('cashier-pay', undefined, LONG));
    await screen.findByTestId('cashier-live', undefined, LONG);
    await waitFor(() => expect(invoke).toHaveBeenCalled());
    expect(invoke.mock.calls[0]!.slice(0, 2)).toEqual(['getBrandWCPayRequest', params]);
    expect(screen.getByTestId('cashier-live')).toHaveTextContent('Waiting for WeChat Pay to confirm the payment');
    expect(screen.queryByTestId('sandbox-success')).toBeNull();
    Reflect.deleteProperty(window, 'WeixinJSBridge');
  });

  it('inside Alipay with Alipay live, the page first goes through the auth_base sign-in, once', () => {
    const live = code({ WECHAT: 'SANDBOX', ALIPAY: 'LIVE', UNIONPAY: 'NOT_CONNECTED' });
    expect(alipaySignIn(live, '')).toBe(`/api/pay/alipay/oauth?codeNo=${CODE_NO}`);
    expect(alipaySignIn(live, '?alipay=ok')).toBeNull();
    expect(alipaySignIn(live, '?alipay=denied')).toBeNull();
    expect(alipaySignIn(code({ ALIPAY: 'SANDBOX' }), '')).toBeNull();
  });

  const alipayOrder = (): CashierOrder => ({
    orderNo: 'P20260501100000000002',
    status: 'PENDING',
    amountFen: 880,
    channel: 'ALIPAY',
    mchName: '晨光咖啡',
    createdAt: '2026-05-01T10:00:00+08:00',
    paidAt: null,
    expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  });

  it("inside Alipay, the trade.create order opens Alipay's tradePay with its trade_no and the page waits", async () => {
    asBrowser(ALIPAY_UA);
    changeLanguage('en-US');
    const order = alipayOrder();
    server.use(
      mock.get('*/api/pay/code/:codeNo', () => ok(code({ WECHAT: 'SANDBOX', ALIPAY: 'LIVE', UNIONPAY: 'SANDBOX' }))),
      mock.post('*/api/pay/order', () => ok({ ...order, payerAction: { kind: 'ALIPAY_JSAPI', tradeNo: '2026T1' } })),
      mock.get('*/api/pay/order/:orderNo', () => ok(order)),
    );
    const call = vi.fn();
    Object.assign(window, { AlipayJSBridge: { call } });
    window.history.replaceState(null, '', `/mchweb/pay/${CODE_NO}?alipay=ok`);
    render(<PayApp />);
    fireEvent.click(await screen.findByTestId('cashier-pay', undefined, LONG));
    await screen.findByTestId('cashier-live', undefined, LONG);
    await waitFor(() => expect(call).toHaveBeenCalled());
    expect(call.mock.calls[0]!.slice(0, 2)).toEqual(['tradePay', { tradeNO: '2026T1' }]);
    expect(screen.getByTestId('cashier-live')).toHaveTextContent('Waiting for Alipay to confirm the payment');
    Reflect.deleteProperty(window, 'AlipayJSBridge');
  });

  it("on a computer, Alipay's precreate QR is shown with a link that opens Alipay, in both languages", async () => {
    const order = alipayOrder();
    const qrCode = 'https://qr.alipay.com/bax01234';
    server.use(
      mock.get('*/api/pay/code/:codeNo', () => ok(code({ WECHAT: 'SANDBOX', ALIPAY: 'LIVE', UNIONPAY: 'SANDBOX' }))),
      mock.post('*/api/pay/order', () => ok({ ...order, payerAction: { kind: 'ALIPAY_QR', qrCode } })),
      mock.get('*/api/pay/order/:orderNo', () => ok(order)),
    );
    changeLanguage('zh-CN');
    window.history.replaceState(null, '', `/mchweb/pay/${CODE_NO}`);
    render(<PayApp />);
    fireEvent.click(await screen.findByTestId('cashier-channel-ALIPAY', undefined, LONG));
    fireEvent.click(screen.getByTestId('cashier-pay'));
    const qr = await screen.findByTestId('cashier-channel-qr', undefined, LONG);
    expect(qr).toHaveTextContent('请用支付宝扫描二维码完成支付');
    expect(qr.querySelector('a')).toHaveAttribute('href', qrCode);
    fireEvent.click(screen.getByTestId('language-switch'));
    expect(screen.getByTestId('cashier-channel-qr')).toHaveTextContent('Scan the QR code with Alipay to pay');
  });

  it('a merchant no channel can take payments for says why, in both languages; a simulated channel says so', async () => {
    server.use(
      mock.get('*/api/pay/code/:codeNo', () =>
        ok(code({ WECHAT: 'NO_SUB_MERCHANT', ALIPAY: 'NO_SUB_MERCHANT', UNIONPAY: 'NOT_CONNECTED' })),
      ),
    );
    changeLanguage('zh-CN');
    window.history.replaceState(null, '', `/mchweb/pay/${CODE_NO}`);
    const { unmount } = render(<PayApp />);
    expect(await screen.findByTestId('cashier-no-channel', undefined, LONG)).toHaveTextContent(
      '该商户尚未在支付渠道开通特约商户',
    );
    fireEvent.click(screen.getByTestId('language-switch'));
    expect(screen.getByTestId('cashier-no-channel')).toHaveTextContent('not set up at the payment channels');
    unmount();

    server.use(
      mock.get('*/api/pay/code/:codeNo', () =>
        ok(code({ WECHAT: 'NO_SUB_MERCHANT', ALIPAY: 'LIVE', UNIONPAY: 'SANDBOX' })),
      ),
    );
    render(<PayApp />);
    expect(await screen.findByTestId('cashier-channel-note-UNIONPAY', undefined, LONG)).toHaveTextContent(
      'Sandbox · no money moves',
    );
    expect(screen.getByTestId('cashier-channel-note-WECHAT')).toHaveTextContent('Not set up for this merchant yet');
    expect(screen.getByTestId('cashier-channel-WECHAT').querySelector('input')).toBeDisabled();
    expect(screen.getByTestId('cashier-channel-ALIPAY')).toHaveClass('is-checked');
  });
});
