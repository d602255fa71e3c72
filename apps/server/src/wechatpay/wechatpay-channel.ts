import type {
  ChannelMerchant,
  ChannelNotice,
  ChannelNoticeRequest,
  PaymentChannel,
  PaymentOutcome,
  RefundOutcome,
} from '../payment-channel.ts';
import { fetchTradeBill } from './wechatpay-bill.ts';
import { callWechatPay, WechatPayError } from './wechatpay-client.ts';
import type { WechatPayConfig } from './wechatpay-config.ts';
import { answerProblem, decryptResource, jsapiParams, type EncryptedResource } from './wechatpay-sign.ts';

/** A notice older (or newer) than this by its Wechatpay-Timestamp is refused: a replay. */
export const NOTICE_MAX_AGE_SECONDS = 5 * 60;

/** A notice that is not WeChat Pay's (signature, serial, age, decryption): nothing of it is applied. */
export class NoticeRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'NoticeRefused';
  }
}

/** `2026-11-26T10:15:00+08:00`: WeChat Pay's times are RFC 3339 in Beijing time. */
export function beijingRfc3339(at: Date): string {
  const shifted = new Date(at.getTime() + 8 * 3_600_000).toISOString();
  return `${shifted.slice(0, 19)}+08:00`;
}

const subMchid = (m: ChannelMerchant) => {
  // The cashier refuses a merchant without one before any order (availability); reaching here is a fault.
  if (!m.wechatSubMchid) throw new Error(`merchant ${m.mchNo} has no WeChat Pay sub_mchid`);
  return m.wechatSubMchid;
};

const notFound = (err: unknown) =>
  err instanceof WechatPayError &&
  err.status === 404 &&
  ['ORDER_NOT_EXIST', 'RESOURCE_NOT_EXISTS', 'NOT_FOUND'].includes(err.code);

/** The payment's result from a partner transaction (query answer or decrypted notice); null while unpaid. */
function paymentOutcome(t: Record<string, unknown>): PaymentOutcome | null {
  const orderNo = String(t.out_trade_no);
  switch (t.trade_state) {
    case 'SUCCESS':
    case 'REFUND': // paid, and refunded since (by us): still a payment that succeeded
      return { orderNo, result: 'SUCCESS', channelTradeNo: String(t.transaction_id) };
    case 'PAYERROR':
      return { orderNo, result: 'FAILED' };
    default: // NOTPAY, USERPAYING, CLOSED, REVOKED: no money moved
      return null;
  }
}

function refundOutcome(r: Record<string, unknown>): RefundOutcome | null {
  const refundNo = String(r.out_refund_no);
  const status = r.refund_status ?? r.status;
  if (status === 'SUCCESS') return { refundNo, result: 'SUCCESS' };
  if (status === 'CLOSED' || status === 'ABNORMAL')
    return {
      refundNo,
      result: 'FAILED',
      failReason:
        status === 'CLOSED'
          ? 'Closed by WeChat Pay / 微信支付已关闭该退款'
          : "Abnormal: the payer's account could not take it / 退款异常：用户账户无法入账",
    };
  return null; // PROCESSING
}

/**
 * WeChat Pay API v3 in partner (service-provider) mode: our sp_mchid and sp_appid, the merchant's sub_mchid.
 * Native (a code_url the payer scans) or JSAPI (inside WeChat, with the payer's openid under sp_appid), query and
 * close by out_trade_no (our order number), refund and refund query by out_refund_no (our refund number), notices
 * verified and decrypted, the trade bill as the statement.
 */
export function wechatPayChannel(config: WechatPayConfig): PaymentChannel {
  const sp = { sp_mchid: config.spMchid };
  return {
    availability: (m) => (m.wechatSubMchid ? 'LIVE' : 'NO_SUB_MERCHANT'),

    async createPayment(p): Promise<{ payerAction: Record<string, string> }> {
      const order = {
        sp_appid: config.spAppid,
        ...sp,
        sub_mchid: subMchid(p.merchant),
        // At most 127 characters (WeChat Pay counts characters, not bytes).
        description: [...p.description].slice(0, 127).join('') || p.merchant.mchNo,
        out_trade_no: p.orderNo,
        time_expire: beijingRfc3339(p.expiresAt),
        notify_url: config.notifyUrl,
        amount: { total: p.amountFen, currency: 'CNY' },
      };
      const openid = p.payer?.wechatOpenid;
      if (openid) {
        const { body } = await callWechatPay(config, 'POST', '/v3/pay/partner/transactions/jsapi', {
          ...order,
          payer: { sp_openid: openid },
        });
        const prepayId = String(body?.prepay_id ?? '');
        if (!prepayId) throw new WechatPayError(200, 'NO_PREPAY_ID', 'the JSAPI order answered no prepay_id');
        return {
          payerAction: { kind: 'WECHAT_JSAPI', ...jsapiParams(config.privateKey, config.spAppid, prepayId) },
        };
      }
      const { body } = await callWechatPay(config, 'POST', '/v3/pay/partner/transactions/native', order);
      return { payerAction: { kind: 'WECHAT_NATIVE', codeUrl: String(body?.code_url ?? '') } };
    },

    async queryPayment(orderNo, m) {
      // Without a sub_mchid no order of this merchant ever reached WeChat Pay (made before it was connected).
      if (!m.wechatSubMchid) return null;
      const query = new URLSearchParams({ ...sp, sub_mchid: subMchid(m) });
      try {
        const { body } = await callWechatPay(
          config,
          'GET',
          `/v3/pay/partner/transactions/out-trade-no/${encodeURIComponent(orderNo)}?${query}`,
        );
        return paymentOutcome(body ?? {});
      } catch (err) {
        if (notFound(err)) return null; // never reached WeChat Pay: nobody paid it
        throw err;
      }
    },

    async closePayment(orderNo, m) {
      if (!m.wechatSubMchid) return;
      try {
        await callWechatPay(
          config,
          'POST',
          `/v3/pay/partner/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`,
          { ...sp, sub_mchid: subMchid(m) },
        );
      } catch (err) {
        // Paid just before (the close job's query finds it), or never created: nothing left to close.
        if (notFound(err) || (err instanceof WechatPayError && ['ORDERPAID', 'ORDER_PAID'].includes(err.code))) return;
        throw err;
      }
    },

    async refund(r) {
      await callWechatPay(config, 'POST', '/v3/refund/domestic/refunds', {
        sub_mchid: subMchid(r.merchant),
        out_trade_no: r.orderNo,
        out_refund_no: r.refundNo,
        reason: [...r.reason].slice(0, 80).join(''),
        notify_url: config.notifyUrl,
        amount: { refund: r.amountFen, total: r.totalFen, currency: 'CNY' },
      });
    },

    async queryRefund(refundNo, m) {
      if (!m.wechatSubMchid) return null;
      try {
        const { body } = await callWechatPay(
          config,
          'GET',
          `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}?sub_mchid=${subMchid(m)}`,
        );
        return refundOutcome(body ?? {});
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },

    async parseNotice(notice: ChannelNoticeRequest): Promise<ChannelNotice> {
      // The signature is over the body exactly as it arrived: the route hands it over unparsed.
      if (typeof notice.body !== 'string') throw new NoticeRefused('the notice body was not kept as text');
      const problem = answerProblem(config.publicKey, config.publicKeyId, notice.headers, notice.body, {
        maxAgeSeconds: NOTICE_MAX_AGE_SECONDS,
      });
      if (problem) throw new NoticeRefused(problem);
      let resource: Record<string, unknown>;
      let eventType: string;
      try {
        const envelope = JSON.parse(notice.body) as { event_type: string; resource: EncryptedResource };
        eventType = envelope.event_type;
        resource = JSON.parse(decryptResource(config.apiV3Key, envelope.resource)) as Record<string, unknown>;
      } catch (err) {
        throw new NoticeRefused(`the resource does not decrypt with WECHATPAY_APIV3_KEY (${(err as Error).message})`);
      }
      if (resource.sp_mchid !== config.spMchid) throw new NoticeRefused('the notice is for another sp_mchid');
      if (eventType.startsWith('REFUND.')) {
        const refund = refundOutcome(resource);
        if (!refund) throw new NoticeRefused(`a refund notice without a final status (${eventType})`);
        return { kind: 'refund', refund };
      }
      const payment = paymentOutcome(resource);
      if (!payment) throw new NoticeRefused(`a payment notice without a final state (${eventType})`);
      return { kind: 'payment', payment };
    },

    // The service provider's bill without sub_mchid holds every sub-merchant's trades (WeChat Pay's 申请交易账单:
    // 不填则返回服务商下所有子商户的全量账单): the merchants are not needed.
    fetchStatement: (day) => fetchTradeBill(config, day),
  };
}
