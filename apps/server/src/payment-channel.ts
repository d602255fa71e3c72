import type { Channel, ChannelAvailability } from '@mchweb/contract';
import type { ConnectionCheck } from './connection-check.ts';

export type { ChannelAvailability };

/**
 * The payment channels' port (WeChat Pay, Alipay, UnionPay): what the order module asks of a channel and what it
 * hears back. Adapters: the sandbox channel (sandbox/sandbox-channel.ts) and, later, the real channels; the order
 * module never knows which one answers. Amounts are integer fen; our order number is the channel's out_trade_no
 * and our refund number its out_refund_no, so a repeated call is the same payment or refund at the channel.
 * Results arrive as notices (`parseNotice`) or answers to queries, in any order, late, twice or never: the order
 * module applies each only to a payment or refund still waiting for it.
 */
export interface PaymentChannel {
  /**
   * Whether this merchant can take payments through this adapter (absent: always LIVE): LIVE (a real channel),
   * SANDBOX (simulated, no money moves), NOT_CONNECTED (no channel here), NO_SUB_MERCHANT (the merchant has no
   * sub-merchant id at the channel yet). The payer's page shows why not, and the cashier refuses an order that
   * cannot be paid.
   */
  availability?(merchant: ChannelMerchant): ChannelAvailability;
  /** Ask the channel for a payment of a new PENDING order; answers what the payer's phone needs to pay. */
  createPayment(payment: ChannelPayment): Promise<{ payerAction: Record<string, string> }>;
  /** The payment's result as the channel knows it now, or null while the payer has not paid. */
  queryPayment(orderNo: string, merchant: ChannelMerchant): Promise<PaymentOutcome | null>;
  /**
   * Close an unpaid payment (our order is closing): the payer can no longer pay it. The close job then queries it:
   * a payment made just before is marked paid instead of closed.
   */
  closePayment(orderNo: string, merchant: ChannelMerchant): Promise<void>;
  /** Ask for a refund; its result comes later (a notice or `queryRefund`). */
  refund(refund: ChannelRefund): Promise<void>;
  /**
   * The refund's result as the channel knows it now, or null while it is still processing. `orderNo`: the refund's
   * order (Alipay asks for it beside the refund number; WeChat Pay does not).
   */
  queryRefund(refundNo: string, merchant: ChannelMerchant, orderNo?: string): Promise<RefundOutcome | null>;
  /** Verify a notice's signature (refused: throws) and read it. */
  parseNotice(notice: ChannelNoticeRequest): Promise<ChannelNotice>;
  /**
   * The channel's statement of a day (YYYY-MM-DD, the channel's day: China's), for reconciliation: every payment
   * it took that day and every refund it finished that day. The statement module's job asks for yesterday's once
   * the channel publishes it (STATEMENT_READY_AT) and keeps the lines. `merchants`: every merchant with an id at
   * this channel (not only those with orders that day: a payment the channel took for an order we closed, or made
   * the day before, must be on the statement too), for a channel whose statement of some merchants is theirs, not
   * the service provider's (Alipay's app_auth_token merchants); a channel whose one statement covers all of its
   * sub-merchants ignores them.
   */
  fetchStatement(day: string, merchants: ChannelMerchant[]): Promise<StatementLine[]>;
  /**
   * A harmless signed call proving the connection (`npm run ops -- channel:check`), e.g. a query of a payment
   * number that cannot exist, expecting the channel's properly signed "not found". Absent: nothing to check.
   */
  check?(): Promise<ConnectionCheck>;
}

/**
 * The merchant a call is for, with its ids at the real channels (the merchant module's ChannelAccounts): a real
 * adapter sends its channel's one as the service provider's sub-merchant (WeChat Pay's sub_mchid, Alipay's smid
 * or app_auth_token); the sandbox needs none.
 */
export interface ChannelMerchant {
  mchNo: string;
  wechatSubMchid: string | null;
  alipaySmid: string | null;
  alipayAppAuthToken: string | null;
}

/**
 * Who pays and where (absent: a QR code the payer scans with the channel's app, WeChat Pay's Native order).
 * `wechatOpenid`: the payer is inside WeChat and we know their openid under our sp_appid (snsapi_base): a JSAPI order.
 */
export interface ChannelPayer {
  wechatOpenid?: string;
  /**
   * The payer is inside Alipay and we know their user id (or open_id) under our app (auth_base): an Alipay
   * trade.create the page pays with AlipayJSBridge tradePay.
   */
  alipayUserId?: string;
  /** The payer is in another mobile browser: Alipay's wap payment (a gateway page that opens the Alipay app). */
  alipayWap?: boolean;
  /** Where the channel's own page sends the payer back (the code's page). */
  returnUrl?: string;
}

export interface ChannelPayment {
  orderNo: string;
  channel: Channel;
  merchant: ChannelMerchant;
  payer?: ChannelPayer;
  amountFen: number;
  /** What the payer sees on the channel's page (the code's label or the merchant's name). */
  description: string;
  /** The channel closes the payment by itself at this time (our order closes then too). */
  expiresAt: Date;
}

export interface ChannelRefund {
  orderNo: string;
  merchant: ChannelMerchant;
  refundNo: string;
  amountFen: number;
  /** The order's whole amount (channels ask for it beside the refund's). */
  totalFen: number;
  reason: string;
}

export interface PaymentOutcome {
  orderNo: string;
  result: 'SUCCESS' | 'FAILED';
  /** The channel's own trade number (transaction_id, trade_no), on success. */
  channelTradeNo?: string;
  /** What the channel says was paid (Alipay's notice's total_amount): an outcome for another amount is refused. */
  amountFen?: number;
}

export interface RefundOutcome {
  refundNo: string;
  result: 'SUCCESS' | 'FAILED';
  failReason?: string;
}

/** A notice as it reached us: the raw headers and body the signature is computed over. */
export interface ChannelNoticeRequest {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export type ChannelNotice = { kind: 'payment'; payment: PaymentOutcome } | { kind: 'refund'; refund: RefundOutcome };

export interface StatementLine {
  orderNo: string;
  channelTradeNo: string;
  /** A payment (positive) or a refund (negative, with its refund number). */
  amountFen: number;
  refundNo?: string;
  at: Date;
}
