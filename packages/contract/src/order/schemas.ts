import { z } from 'zod';
import { codeNo } from '../code/code-no.ts';
import { anyOf, page, pageFields } from '../envelope.ts';
import { CHANNELS, mchNo } from '../merchant/schemas.ts';
import { AMOUNT_MAX_FEN } from '../money.ts';
import { dateOrInstant, instant } from '../validation.ts';

/**
 * Orders and refunds (PRODUCT.md, "Money and state"). An order is created PENDING by the cashier, becomes SUCCESS
 * or FAILED on the channel's notice, or CLOSED when unpaid after ORDER_CLOSE_MINUTES; successful refunds make it
 * PARTIAL_REFUNDED or REFUNDED.
 */
export const ORDER_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'CLOSED', 'PARTIAL_REFUNDED', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The statuses of an order that was paid: its money is trade. */
export const PAID_STATUSES: readonly OrderStatus[] = ['SUCCESS', 'PARTIAL_REFUNDED', 'REFUNDED'];
export const REFUND_STATUSES = ['PROCESSING', 'SUCCESS', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const ORDER_CLOSE_MINUTES = 15;
/** The days the order filter covers when no time bound is given (S9.5: 7 days back and today). */
export const ORDER_DEFAULT_DAYS = 7;

export const amountFen = z
  .number()
  .int('must be a whole number of fen')
  .min(1, 'must be at least ¥0.01')
  .max(AMOUNT_MAX_FEN, 'must be at most ¥500,000.00');

/**
 * A key the caller makes once per intended payment or refund (a UUID, say) and sends again on a retry: the same
 * key and body answer the first result; the same key with another body is refused.
 */
export const idempotencyKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, "-" or "_"');

/** Order number: `P`, the time yyyyMMddHHmmss (Asia/Shanghai) and 6 random digits. Refunds: `R` the same way. */
export const ORDER_NO_RE = /^P\d{20}$/;
export const REFUND_NO_RE = /^R\d{20}$/;
export const orderNo = z.string().trim().regex(ORDER_NO_RE, 'must be an order number like P20260501093000123456');

// ---- the cashier (public, /api/pay/) ----

/** `GET /api/pay/code/:codeNo`: what the payer's phone shows before paying. */
export const CHANNEL_AVAILABILITIES = ['LIVE', 'SANDBOX', 'NOT_CONNECTED', 'NO_SUB_MERCHANT'] as const;
export type ChannelAvailability = (typeof CHANNEL_AVAILABILITIES)[number];

export const cashierCode = z.object({
  codeNo: z.string(),
  mchName: z.string(),
  /** The amount the code asks for, or null when the payer types it. */
  fixedAmountFen: z.number().int().nullable(),
  label: z.string().nullable(),
  channels: z.array(z.enum(CHANNELS)),
  /**
   * How each of those channels takes the merchant's payments on this server: LIVE (a real channel), SANDBOX
   * (simulated, no money moves), or why it cannot (NOT_CONNECTED: no channel connected here; NO_SUB_MERCHANT:
   * the merchant is not set up at the channel yet). The payer's page says which.
   */
  availability: z.partialRecord(z.enum(CHANNELS), z.enum(CHANNEL_AVAILABILITIES)),
});
export type CashierCode = z.infer<typeof cashierCode>;

export const cashierOrderBody = z.strictObject({
  codeNo,
  amountFen,
  channel: z.enum(CHANNELS),
  idempotencyKey,
});
export type CashierOrderBody = z.input<typeof cashierOrderBody>;

/** `GET /api/pay/order/:orderNo` and the answer of `POST /api/pay/order`: what the payer may see of an order. */
export const cashierOrder = z.object({
  orderNo: z.string(),
  status: z.enum(ORDER_STATUSES),
  amountFen: z.number().int(),
  channel: z.enum(CHANNELS),
  mchName: z.string(),
  createdAt: instant,
  paidAt: instant.nullable(),
  /** When a PENDING order closes unpaid. */
  expiresAt: instant,
  /**
   * The answer of `POST /api/pay/order` only: what the payer's phone needs to pay at a real channel. WeChat Pay:
   * `kind` WECHAT_NATIVE with `codeUrl` (a QR code to scan), or WECHAT_JSAPI with the parameters of
   * WeixinJSBridge's getBrandWCPayRequest (appId, timeStamp, nonceStr, package, signType, paySign). Empty in the
   * sandbox.
   */
  payerAction: z.record(z.string(), z.string()).optional(),
});
export type CashierOrder = z.infer<typeof cashierOrder>;

/** The sandbox channel's asynchronous notice (sandbox only). */
export const sandboxNotifyBody = z.strictObject({
  orderNo,
  result: z.enum(['SUCCESS', 'FAILED']),
});

// ---- orders in the back office ----

/**
 * The order filter (PRODUCT.md): a time range on the creation or payment time, merchants, statuses, channels, an
 * amount range, the exact order number or code number, the label (contains). A `from` day counts from its start,
 * a `to` day includes the whole day (MCHWEB_TZ). With neither bound the last ORDER_DEFAULT_DAYS days and today.
 */
export const orderFilter = z.strictObject({
  timeField: z.enum(['created', 'paid']).default('created'),
  from: dateOrInstant.optional(),
  to: dateOrInstant.optional(),
  mchNos: z.array(mchNo).max(50, 'must list at most 50 merchants').optional(),
  statuses: anyOf(ORDER_STATUSES).optional(),
  channels: anyOf(CHANNELS).optional(),
  amountMinFen: z.number().int().min(0).max(AMOUNT_MAX_FEN).optional(),
  amountMaxFen: z.number().int().min(0).max(AMOUNT_MAX_FEN).optional(),
  orderNo: orderNo.optional(),
  codeNo: codeNo.optional(),
  label: z.string().trim().min(1).max(30, 'must be at most 30 characters').optional(),
});
export type OrderFilter = z.input<typeof orderFilter>;

export const orderListBody = orderFilter.extend(pageFields);
export type OrderListBody = z.input<typeof orderListBody>;

export const orderListItem = z.object({
  orderNo: z.string(),
  mchNo: z.string(),
  mchName: z.string(),
  codeNo: z.string().nullable(),
  label: z.string().nullable(),
  channel: z.enum(CHANNELS),
  status: z.enum(ORDER_STATUSES),
  amountFen: z.number().int(),
  feeFen: z.number().int(),
  /** Refunds that succeeded. */
  refundedFen: z.number().int(),
  /** What may still be refunded: amount less succeeded and processing refunds (0 unless paid). */
  refundableFen: z.number().int(),
  createdAt: instant,
  paidAt: instant.nullable(),
});
export type OrderListItem = z.infer<typeof orderListItem>;
export const orderPage = page(orderListItem);
export type OrderPage = z.infer<typeof orderPage>;

/**
 * `POST /order/summary`: totals for the same filter. `count` counts every order of the filter; the money is the
 * paid orders': amount, refunds that succeeded, the fee kept (charged less given back), net = amount - refunded -
 * fee.
 */
export const orderSummary = z.object({
  count: z.number().int(),
  paidCount: z.number().int(),
  amountFen: z.number().int(),
  refundedFen: z.number().int(),
  feeFen: z.number().int(),
  netFen: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const refund = z.object({
  refundNo: z.string(),
  status: z.enum(REFUND_STATUSES),
  amountFen: z.number().int(),
  feeRefundFen: z.number().int(),
  reason: z.string(),
  failReason: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: instant,
  finishedAt: instant.nullable(),
});
export type Refund = z.infer<typeof refund>;

/** One entry of a ledger transaction as an order's detail shows it (credit positive, debit negative). */
export const ledgerPosting = z.object({
  txNo: z.string(),
  kind: z.string(),
  account: z.string(),
  amountFen: z.number().int(),
  at: instant,
});
export type LedgerPosting = z.infer<typeof ledgerPosting>;

export const ORDER_EVENT_KINDS = [
  'CREATED',
  'PAID',
  'FAILED',
  'CLOSED',
  'REFUND_REQUESTED',
  'REFUNDED',
  'REFUND_FAILED',
] as const;
export const orderEvent = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  at: instant,
  amountFen: z.number().int().nullable(),
  refundNo: z.string().nullable(),
});

export const orderDetail = orderListItem.extend({
  feeRefundedFen: z.number().int(),
  rate: z.number(),
  channelTradeNo: z.string().nullable(),
  closedAt: instant.nullable(),
  timeline: z.array(orderEvent),
  refunds: z.array(refund),
  postings: z.array(ledgerPosting),
});
export type OrderDetail = z.infer<typeof orderDetail>;
export const orderDetailQuery = z.strictObject({ orderNo });

export const REFUND_REASON_MAX = 80;
export const refundBody = z.strictObject({
  orderNo,
  amountFen,
  reason: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(REFUND_REASON_MAX, `must be at most ${REFUND_REASON_MAX} characters`),
  idempotencyKey,
});
export type RefundBody = z.input<typeof refundBody>;
export const refundAnswer = z.object({
  refundNo: z.string(),
  status: z.enum(REFUND_STATUSES),
  orderStatus: z.enum(ORDER_STATUSES),
});

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportOrderBody = z.strictObject({
  filter: orderFilter,
  format: z.enum(EXPORT_FORMATS),
});
export type ExportOrderBody = z.input<typeof exportOrderBody>;

/** Path parameters of the cashier's public calls. */
export const cashierCodeParams = z.strictObject({ codeNo });
export const cashierOrderParams = z.strictObject({ orderNo });

/** The sandbox refund channel's answer (sandbox only). */
export const sandboxRefundNotifyBody = z.strictObject({
  refundNo: z.string().trim().regex(REFUND_NO_RE, 'must be a refund number like R20260501093000123456'),
  result: z.enum(['SUCCESS', 'FAILED']),
});
