import type {
  ChannelMerchant,
  ChannelNotice,
  ChannelNoticeRequest,
  ChannelPayment,
  PaymentChannel,
  PaymentOutcome,
} from '../payment-channel.ts';
import { yuanToFen } from '../wechatpay/wechatpay-bill.ts';
import { fetchAlipayStatement } from './alipay-bill.ts';
import { alipaySdk, AlipayError, callAlipay, fenToYuan, type AlipayCallOptions } from './alipay-client.ts';
import type { AlipayConfig } from './alipay-config.ts';

/** A notice that is not Alipay's (signature, app_id, shape): nothing of it is applied. */
export class AlipayNoticeRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'AlipayNoticeRefused';
  }
}

/** A number that cannot be one of our orders: channel:check queries it and expects "no such trade". */
export const CHECK_TRADE_NO = 'MCHWEB-CHANNEL-CHECK';

/** `2026-11-26 10:15:00`: Alipay's times are Beijing time without a zone. */
export function beijingTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const noTrade = (err: unknown) => err instanceof AlipayError && err.subCode === 'ACQ.TRADE_NOT_EXIST';

/**
 * Service-provider mode: a merchant authorised our application (app_auth_token: we call on its behalf), or is our
 * secondary merchant (smid: named in sub_merchant, its money settled to it by settle_info). The token wins.
 */
function onBehalf(m: ChannelMerchant): { options: AlipayCallOptions; extra: Record<string, unknown> } {
  if (m.alipayAppAuthToken) return { options: { appAuthToken: m.alipayAppAuthToken }, extra: {} };
  // The cashier refuses a merchant with neither before any order (availability); reaching here is a fault.
  if (!m.alipaySmid) throw new Error(`merchant ${m.mchNo} has no Alipay smid or app_auth_token`);
  return { options: {}, extra: { sub_merchant: { merchant_id: m.alipaySmid } } };
}
const connected = (m: ChannelMerchant) => Boolean(m.alipayAppAuthToken || m.alipaySmid);

/** The payment's result from a trade (query answer or notice); null while unpaid or closed unpaid. */
function paymentOutcome(t: Record<string, unknown>): PaymentOutcome | null {
  const orderNo = String(t.out_trade_no);
  if (t.trade_status === 'TRADE_SUCCESS' || t.trade_status === 'TRADE_FINISHED')
    return { orderNo, result: 'SUCCESS', channelTradeNo: String(t.trade_no) };
  return null; // WAIT_BUYER_PAY, TRADE_CLOSED: no money moved (or all of it went back, by our own refunds)
}

/**
 * Alipay OpenAPI through alipay-sdk as a service provider: trade.precreate (a QR the payer scans), trade.create
 * for a payer inside Alipay (their user id from auth_base; the page calls AlipayJSBridge tradePay), trade.wap.pay
 * in other mobile browsers (a signed gateway URL the page opens), query and close by out_trade_no (our order
 * number), refund and its query by out_request_no (our refund number), notices verified with RSA2, the trade bill.
 */
export function alipayChannel(config: AlipayConfig): PaymentChannel {
  const loading = alipaySdk(config);
  loading.catch(() => {}); // awaited at each use; a failure is thrown there
  const call = async (method: string, biz: Record<string, unknown>, m: ChannelMerchant, notify = false) => {
    const { options, extra } = onBehalf(m);
    return callAlipay(
      await loading,
      method,
      { ...biz, ...extra },
      { ...options, ...(notify ? { notifyUrl: config.notifyUrl } : {}) },
    );
  };
  const trade = (p: ChannelPayment) => {
    const amount = fenToYuan(p.amountFen);
    return {
      out_trade_no: p.orderNo,
      total_amount: amount,
      // At most 256 characters; Alipay refuses / and some symbols in subject, so keep letters and spaces simple.
      subject: [...p.description.replace(/[/=&]/g, ' ')].slice(0, 128).join('') || p.merchant.mchNo,
      time_expire: beijingTime(p.expiresAt),
      ...(p.merchant.alipayAppAuthToken
        ? {}
        : { settle_info: { settle_detail_infos: [{ trans_in_type: 'defaultSettle', amount }] } }),
    };
  };
  return {
    availability: (m) => (connected(m) ? 'LIVE' : 'NO_SUB_MERCHANT'),

    async createPayment(p): Promise<{ payerAction: Record<string, string> }> {
      const buyer = p.payer?.alipayUserId;
      if (buyer) {
        const who = /^2088\d{12}$/.test(buyer) ? { buyer_id: buyer } : { buyer_open_id: buyer };
        const answer = await call(
          'alipay.trade.create',
          { ...trade(p), ...who, product_code: 'JSAPI_PAY' },
          p.merchant,
          true,
        );
        return { payerAction: { kind: 'ALIPAY_JSAPI', tradeNo: String(answer.trade_no) } };
      }
      if (p.payer?.alipayWap) {
        const { options, extra } = onBehalf(p.merchant);
        const url = (await loading).pageExecute('alipay.trade.wap.pay', 'GET', {
          bizContent: { ...trade(p), ...extra, product_code: 'QUICK_WAP_WAY', quit_url: p.payer.returnUrl },
          notify_url: config.notifyUrl,
          ...(p.payer.returnUrl ? { return_url: p.payer.returnUrl } : {}),
          ...(options.appAuthToken ? { app_auth_token: options.appAuthToken } : {}),
        });
        return { payerAction: { kind: 'ALIPAY_WAP', url } };
      }
      const answer = await call('alipay.trade.precreate', trade(p), p.merchant, true);
      return { payerAction: { kind: 'ALIPAY_QR', qrCode: String(answer.qr_code) } };
    },

    async queryPayment(orderNo, m) {
      // Without either no order of this merchant ever reached Alipay (made before it was connected).
      if (!connected(m)) return null;
      try {
        return paymentOutcome(await call('alipay.trade.query', { out_trade_no: orderNo }, m));
      } catch (err) {
        if (noTrade(err)) return null; // never reached Alipay (the payer did not open it): nobody paid it
        throw err;
      }
    },

    async closePayment(orderNo, m) {
      if (!connected(m)) return;
      try {
        await call('alipay.trade.close', { out_trade_no: orderNo }, m);
      } catch (err) {
        // Never created at Alipay (no payer opened it), or paid just before (the close job's query finds it).
        if (noTrade(err) || (err instanceof AlipayError && err.subCode === 'ACQ.TRADE_STATUS_ERROR')) return;
        throw err;
      }
    },

    async refund(r) {
      // Alipay answers a refund at once (fund_change Y); its result is read by query or the trade's notice, as any.
      await call(
        'alipay.trade.refund',
        {
          out_trade_no: r.orderNo,
          out_request_no: r.refundNo,
          refund_amount: fenToYuan(r.amountFen),
          refund_reason: [...r.reason].slice(0, 80).join(''),
        },
        r.merchant,
      );
    },

    async queryRefund(refundNo, m, orderNo) {
      if (!connected(m)) return null;
      if (!orderNo) throw new Error('Alipay asks for the order number beside the refund number');
      let answer;
      try {
        answer = await call(
          'alipay.trade.fastpay.refund.query',
          { out_trade_no: orderNo, out_request_no: refundNo },
          m,
        );
      } catch (err) {
        if (noTrade(err)) return null;
        throw err;
      }
      // An answer without refund_status (or without out_request_no) means Alipay has not taken this refund (yet).
      if (answer.refund_status === 'REFUND_SUCCESS') return { refundNo, result: 'SUCCESS' };
      return null;
    },

    async parseNotice(notice: ChannelNoticeRequest): Promise<ChannelNotice> {
      const form = notice.body;
      if (!form || typeof form !== 'object') throw new AlipayNoticeRefused('the notice is not a form');
      const fields = Object.fromEntries(
        Object.entries(form as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      );
      if (!(await loading).checkNotifySignV2(fields))
        throw new AlipayNoticeRefused('the signature does not verify with ALIPAY_PUBLIC_KEY_FILE');
      // Signed by Alipay for another application of ours (auth_app_id is the merchant's under app_auth_token).
      if (fields.app_id !== config.appId) throw new AlipayNoticeRefused(`the notice is for app_id ${fields.app_id}`);
      // A refund of the trade: its out_biz_no is our refund number (out_request_no), refund_fee what went back.
      if (fields.out_biz_no && fields.refund_fee && yuanToFen(fields.refund_fee) > 0)
        return { kind: 'refund', refund: { refundNo: fields.out_biz_no, result: 'SUCCESS' } };
      const payment = paymentOutcome(fields);
      if (!payment) throw new AlipayNoticeRefused(`a notice without a final payment (${fields.trade_status})`);
      return { kind: 'payment', payment: { ...payment, amountFen: yuanToFen(fields.total_amount ?? '0') } };
    },

    fetchStatement: async (day, merchants) => fetchAlipayStatement(await loading, day, merchants),

    async check() {
      try {
        await callAlipay(await loading, 'alipay.trade.query', { out_trade_no: CHECK_TRADE_NO });
        return { connected: true, detail: 'the query of a made-up trade was answered' };
      } catch (err) {
        if (noTrade(err)) return { connected: true, detail: 'signed answer ACQ.TRADE_NOT_EXIST, as expected' };
        return { connected: false, why: (err as Error).message };
      }
    },
  };
}
