import { z } from 'zod';
import { page } from '../envelope.ts';
import { CHANNELS, mchNo } from '../merchant/schemas.ts';
import {
  amountFen,
  ORDER_CLOSE_MINUTES,
  ORDER_NO_RE,
  ORDER_STATUSES,
  orderNo,
  REFUND_NO_RE,
  REFUND_REASON_MAX,
  REFUND_STATUSES,
} from '../order/schemas.ts';
import { SETTLEMENT_STATUSES, settlementItem } from '../settlement/schemas.ts';
import { calendarDate, dateOrInstant, instant } from '../validation.ts';

/**
 * The merchant API (/api/v1, issue 30): what a merchant's own systems call with an API key. Its errors are
 * `{ "error": { type, code, message, param } }` with HTTP statuses, not the portal's envelope.
 */
export const API_ERROR_TYPES = [
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'idempotency_error',
  'rate_limit_error',
  'api_error',
] as const;
export type ApiErrorType = (typeof API_ERROR_TYPES)[number];
export const apiError = z.object({
  error: z.object({
    type: z.enum(API_ERROR_TYPES),
    /** A short, stable word for programs (`resource_missing`, `scope_missing`, ...). */
    code: z.string(),
    /** For people, in the language of Accept-Language (English unless zh is asked for). */
    message: z.string(),
    /** The request field the error is about, or null. */
    param: z.string().nullable(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiError>;

/** The `Idempotency-Key` header: what a POST's caller sends again on a retry (a UUID, say). */
export const IDEMPOTENCY_KEY_RE = /^[\x21-\x7e]{1,255}$/;
export const IDEMPOTENCY_HOURS = 24;

const METADATA_KEYS_MAX = 20;
/** The caller's own labels on a payment (its order number, a till): up to 20 keys of strings, kept and returned. */
export const paymentMetadata = z
  .record(
    z.string().regex(/^[A-Za-z0-9_.-]{1,40}$/, 'keys must be 1 to 40 letters, digits, "_", "." or "-"'),
    z.string().max(500, 'values must be at most 500 characters'),
  )
  .refine((m) => Object.keys(m).length <= METADATA_KEYS_MAX, `must have at most ${METADATA_KEYS_MAX} keys`);

/** `POST /api/v1/payments`. */
export const createPaymentBody = z.strictObject({
  mchNo,
  amountFen,
  channel: z.enum(CHANNELS),
  /** What the payer sees on the cashier and the channel's page. */
  description: z.string().trim().min(1, 'is required').max(128, 'must be at most 128 characters'),
  metadata: paymentMetadata.optional(),
  /** Minutes until an unpaid payment closes (1 to 15, default 15). */
  expiresInMinutes: z.number().int().min(1).max(ORDER_CLOSE_MINUTES).optional(),
});
export type CreatePaymentBody = z.input<typeof createPaymentBody>;

/** A payment (an order) as the merchant API answers it. */
export const v1Payment = z.object({
  orderNo: z.string(),
  mchNo: z.string(),
  mchName: z.string(),
  channel: z.enum(CHANNELS),
  status: z.enum(ORDER_STATUSES),
  amountFen: z.number().int(),
  /** Charged once paid; 0 before. */
  feeFen: z.number().int(),
  refundedFen: z.number().int(),
  refundableFen: z.number().int(),
  description: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).nullable(),
  /** The payment code it was paid through (a payment made by the API has none). */
  codeNo: z.string().nullable(),
  channelTradeNo: z.string().nullable(),
  createdAt: instant,
  paidAt: instant.nullable(),
  closedAt: instant.nullable(),
  expiresAt: instant,
});
export type V1Payment = z.infer<typeof v1Payment>;

/** The answer to creating a payment: the payment, where its payer pays, and what the channel asks of the payer. */
export const v1CreatedPayment = v1Payment.extend({
  /** The payer's page for this payment: show it as a QR code, or open it on the payer's phone. */
  payerUrl: z.string(),
  /** What the channel gave for the payer (a QR link, a JSAPI ticket), when a real channel is connected; else {}. */
  payerAction: z.record(z.string(), z.string()),
});
export type V1CreatedPayment = z.infer<typeof v1CreatedPayment>;

/** A comma-separated list of some of `values` in a query string (`status=SUCCESS,REFUNDED`). */
const listOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .regex(
      new RegExp(`^(${values.join('|')})(,(${values.join('|')}))*$`),
      `must be a comma-separated list of ${values.join(', ')}`,
    )
    .transform((s) => [...new Set(s.split(','))] as T[number][]);
const limit = z.coerce.number().int().min(1).max(100).default(20);
const cursor = z.string().max(200).optional();

/** `GET /api/v1/payments`: the portal's order filters, as query parameters; keyset pages. */
export const paymentListQuery = z.strictObject({
  timeField: z.enum(['created', 'paid']).default('created'),
  from: dateOrInstant.optional(),
  to: dateOrInstant.optional(),
  mchNo: z
    .string()
    .regex(/^M\d{9,12}(,M\d{9,12}){0,49}$/, 'must be a comma-separated list of up to 50 merchant numbers')
    .transform((s) => [...new Set(s.split(','))])
    .optional(),
  status: listOf(ORDER_STATUSES).optional(),
  channel: listOf(CHANNELS).optional(),
  amountMinFen: z.coerce.number().int().min(0).optional(),
  amountMaxFen: z.coerce.number().int().min(0).optional(),
  orderNo: orderNo.optional(),
  cursor,
  limit,
});
export const v1PaymentListItem = v1Payment.omit({
  metadata: true,
  channelTradeNo: true,
  closedAt: true,
  expiresAt: true,
});
export const v1PaymentPage = page(v1PaymentListItem);
export type V1PaymentPage = z.infer<typeof v1PaymentPage>;

export const paymentParams = z.strictObject({
  orderNo: z.string().regex(ORDER_NO_RE, 'must be an order number like P20260501093000123456'),
});
/** `POST /api/v1/payments/:orderNo/refunds`: part or all of what is left. */
export const createRefundBody = z.strictObject({
  amountFen,
  reason: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(REFUND_REASON_MAX, `must be at most ${REFUND_REASON_MAX} characters`),
});
export type CreateRefundBody = z.input<typeof createRefundBody>;
export const v1Refund = z.object({
  refundNo: z.string(),
  orderNo: z.string(),
  status: z.enum(REFUND_STATUSES),
  amountFen: z.number().int(),
  /** The part of the order's fee given back with it. */
  feeRefundFen: z.number().int(),
  reason: z.string(),
  failReason: z.string().nullable(),
  createdAt: instant,
  finishedAt: instant.nullable(),
});
export type V1Refund = z.infer<typeof v1Refund>;
export const refundParams = z.strictObject({
  refundNo: z.string().regex(REFUND_NO_RE, 'must be a refund number like R20260501093000123456'),
});

/** `GET /api/v1/settlements`: settlement days (YYYY-MM-DD, default the last 30 days), merchants, statuses. */
export const settlementListQuery = z.strictObject({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  mchNo: z
    .string()
    .regex(/^M\d{9,12}(,M\d{9,12}){0,49}$/, 'must be a comma-separated list of up to 50 merchant numbers')
    .transform((s) => [...new Set(s.split(','))])
    .optional(),
  status: listOf(SETTLEMENT_STATUSES).optional(),
  cursor,
  limit,
});
export const v1Settlement = settlementItem.omit({ attempts: true });
export const v1SettlementPage = page(v1Settlement);
