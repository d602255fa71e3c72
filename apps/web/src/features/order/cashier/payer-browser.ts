import type { CashierCode } from '@mchweb/contract';

/**
 * The app the payer's page is opened in, which decides how a real channel is paid (one flow per browser):
 * - wechat (MicroMessenger): WeChat Pay's JSAPI, after the snsapi_base sign-in gave the server the payer's openid;
 * - alipay (AlipayClient): Alipay's in-app payment, after the auth_base sign-in gave the server the payer's user id;
 * - other: Alipay's wap page on a phone, its QR on a computer; WeChat Pay asks to open the code in WeChat.
 */
export type PayerBrowser = 'wechat' | 'alipay' | 'other';

export function payerBrowser(ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): PayerBrowser {
  if (/MicroMessenger\//i.test(ua)) return 'wechat';
  if (/AlipayClient\//i.test(ua)) return 'alipay';
  return 'other';
}

/** A channel that takes this merchant's payments here: a real one (LIVE) or the simulated one (SANDBOX). */
export const canPayWith = (code: CashierCode, c: CashierCode['channels'][number]) =>
  code.availability[c] === 'LIVE' || code.availability[c] === 'SANDBOX';

/** The channel a browser pays with first, when the code takes it. */
export function preferredChannel(browser: PayerBrowser, code: CashierCode) {
  const own = browser === 'wechat' ? 'WECHAT' : browser === 'alipay' ? 'ALIPAY' : null;
  const payable = code.channels.filter((c) => canPayWith(code, c));
  return own && payable.includes(own) ? own : (payable[0] ?? null);
}

/**
 * Inside WeChat with WeChat Pay live: the page first sends the payer through WeChat's snsapi_base sign-in (no
 * prompt), which comes back with `?wechat=ok` (or `denied`) and the openid kept by the server for the JSAPI order.
 */
export function wechatSignIn(code: CashierCode, search: string): string | null {
  if (code.availability.WECHAT !== 'LIVE' || new URLSearchParams(search).has('wechat')) return null;
  // A navigation, not an API call: WeChat's page answers it and sends the payer back to /api/pay/wechat/oauth/back.
  return `/api/pay/wechat/oauth?codeNo=${encodeURIComponent(code.codeNo)}`;
}

interface WeixinJSBridge {
  invoke(name: 'getBrandWCPayRequest', params: Record<string, string>, done: (res: { err_msg: string }) => void): void;
}

/** WeixinJSBridge's payment with the order's JSAPI parameters; answers WeChat's err_msg (`...:ok`, `...:cancel`). */
export function payInWechat(action: Record<string, string>): Promise<string> {
  const { kind: _kind, ...params } = action;
  return new Promise((resolve) => {
    const invoke = () =>
      (window as unknown as { WeixinJSBridge: WeixinJSBridge }).WeixinJSBridge.invoke(
        'getBrandWCPayRequest',
        params,
        (res) => resolve(res.err_msg),
      );
    if ('WeixinJSBridge' in window) invoke();
    else document.addEventListener('WeixinJSBridgeReady', invoke, { once: true });
  });
}

/**
 * Inside Alipay with Alipay live: the page first sends the payer through Alipay's auth_base sign-in (no prompt),
 * which comes back with `?alipay=ok` (or `denied`) and the user id kept by the server for the trade.create order.
 */
export function alipaySignIn(code: CashierCode, search: string): string | null {
  if (code.availability.ALIPAY !== 'LIVE' || new URLSearchParams(search).has('alipay')) return null;
  return `/api/pay/alipay/oauth?codeNo=${encodeURIComponent(code.codeNo)}`;
}

interface AlipayJSBridge {
  call(name: 'tradePay', params: { tradeNO: string }, done: (res: { resultCode: string }) => void): void;
}

/** AlipayJSBridge's tradePay with the order's trade_no; answers Alipay's resultCode (9000 paid, 6001 cancelled). */
export function payInAlipay(tradeNo: string): Promise<string> {
  return new Promise((resolve) => {
    const call = () =>
      (window as unknown as { AlipayJSBridge: AlipayJSBridge }).AlipayJSBridge.call(
        'tradePay',
        { tradeNO: tradeNo },
        (res) => resolve(res.resultCode),
      );
    if ('AlipayJSBridge' in window) call();
    else document.addEventListener('AlipayJSBridgeReady', call, { once: true });
  });
}
