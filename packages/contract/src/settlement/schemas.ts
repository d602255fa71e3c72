import { z } from 'zod';
import { anyOf, page, pageFields } from '../envelope.ts';
import { CHANNELS, mchNo } from '../merchant/schemas.ts';
import { EXPORT_FORMATS } from '../order/schemas.ts';
import { calendarDate, instant } from '../validation.ts';

/**
 * Settlements (T+1), the trade bill and the dashboard (PRODUCT.md "Settlement"). A settlement is one merchant's
 * business day: PENDING -> SETTLED | FAILED (retried by the next run).
 */
export const SETTLEMENT_STATUSES = ['PENDING', 'SETTLED', 'FAILED'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** Settlement filter: settlement days (inclusive, YYYY-MM-DD), merchants, statuses. Default: the last 30 days. */
export const settlementFilter = z.strictObject({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  mchNos: z.array(mchNo).max(50, 'must list at most 50 merchants').optional(),
  statuses: anyOf(SETTLEMENT_STATUSES).optional(),
});
export type SettlementFilter = z.input<typeof settlementFilter>;
export const settlementListBody = settlementFilter.extend(pageFields);
export type SettlementListBody = z.input<typeof settlementListBody>;

/** The figures of a merchant-day (a settlement, a bill, a channel's line of a bill). */
export const dayFiguresShape = {
  tradeCount: z.number().int(),
  tradeFen: z.number().int(),
  /** Refunds asked for that day, less those that failed that day (their money came back). */
  refundCount: z.number().int(),
  refundFen: z.number().int(),
  /** Fees charged less fees given back with refunds. */
  feeFen: z.number().int(),
  /** Profit sharing's part. */
  splitFen: z.number().int(),
  /** trade - refund - fee - split. */
  netFen: z.number().int(),
};

export const settlementItem = z.object({
  settleNo: z.string(),
  mchNo: z.string(),
  mchName: z.string(),
  settleDate: z.string(),
  status: z.enum(SETTLEMENT_STATUSES),
  ...dayFiguresShape,
  failReason: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: instant,
  settledAt: instant.nullable(),
});
export type SettlementItem = z.infer<typeof settlementItem>;
export const settlementPage = page(settlementItem);
export type SettlementPage = z.infer<typeof settlementPage>;

/** `POST /settlement/summary`: totals of the same filter. */
export const settlementSummary = z.object({ count: z.number().int(), ...dayFiguresShape });
export type SettlementSummary = z.infer<typeof settlementSummary>;

export const SETTLE_NO_RE = /^S\d{8}M\d{9,12}$/;
export const settleNo = z.string().trim().regex(SETTLE_NO_RE, 'must be a settlement number like S20260501M100000001');
export const settlementDetailQuery = z.strictObject({ settleNo });

/** A movement a settlement or a bill covers: a payment, a refund asked for, or a failed refund's return. */
export const MOVEMENT_KINDS = ['PAYMENT', 'REFUND', 'REFUND_REVERSAL'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
export const movementRow = z.object({
  kind: z.enum(MOVEMENT_KINDS),
  /** The order for a payment; the refund for the others. */
  refNo: z.string(),
  orderNo: z.string(),
  mchNo: z.string(),
  channel: z.enum(CHANNELS),
  /** Paid (payment), refunded (refund) or returned (reversal: negative), fen. */
  amountFen: z.number().int(),
  /** Fee charged (payment), given back (refund: negative), or returned (reversal). */
  feeFen: z.number().int(),
  /** What it moved on the merchant's pending money. */
  netFen: z.number().int(),
  at: instant,
});
export type MovementRow = z.infer<typeof movementRow>;
export const movementPage = page(movementRow);
export type MovementPage = z.infer<typeof movementPage>;
/** `POST /settlement/movements`: the payments and refunds a settlement covers, in the order the ledger posted them (keyset by transaction). */
export const settlementMovementsBody = z.strictObject({ settleNo, ...pageFields });

export const exportSettlementBody = z.strictObject({ filter: settlementFilter, format: z.enum(EXPORT_FORMATS) });
export type ExportSettlementBody = z.input<typeof exportSettlementBody>;

// ---- trade bill ----

/** One merchant-day, or the whole organisation's day without `mchNo`. */
export const billBody = z.strictObject({ mchNo: mchNo.optional(), date: calendarDate });
export type BillBody = z.input<typeof billBody>;
export const billChannelLine = z.object({ channel: z.enum(CHANNELS), ...dayFiguresShape });
export const billSummary = z.object({
  mchNo: z.string().nullable(),
  date: z.string(),
  hasTrade: z.boolean(),
  total: z.object(dayFiguresShape),
  byChannel: z.array(billChannelLine),
  /** The settlements of the day (one per merchant that moved money), once made. */
  settlements: z.array(
    z.object({
      settleNo: z.string(),
      mchNo: z.string(),
      status: z.enum(SETTLEMENT_STATUSES),
      netFen: z.number().int(),
    }),
  ),
});
export type BillSummary = z.infer<typeof billSummary>;
export const billRowsBody = billBody.extend(pageFields);
export type BillRowsBody = z.input<typeof billRowsBody>;
export const exportTradeBillBody = billBody.extend({ format: z.enum(EXPORT_FORMATS) });
export type ExportTradeBillBody = z.input<typeof exportTradeBillBody>;

// ---- dashboard ----

export const dayTotals = z.object({
  count: z.number().int(),
  amountFen: z.number().int(),
  refundedFen: z.number().int(),
  feeFen: z.number().int(),
  netFen: z.number().int(),
});
export type DayTotals = z.infer<typeof dayTotals>;
/** `GET /dashboard/overview`: the organisation's trade at a glance, from the day totals (never a scan of orders). */
export const dashboardOverview = z.object({
  today: dayTotals,
  yesterday: dayTotals,
  /** The last 30 days, oldest first, one entry per day (zeros included). */
  trend: z.array(dayTotals.extend({ day: z.string() })),
  channels: z.array(z.object({ channel: z.enum(CHANNELS), count: z.number().int(), amountFen: z.number().int() })),
  topMerchants: z.array(
    z.object({ mchNo: z.string(), mchName: z.string(), count: z.number().int(), amountFen: z.number().int() }),
  ),
  /** What the organisation's merchants hold: not yet settled, and settled (may be transferred out). */
  pendingFen: z.number().int(),
  availableFen: z.number().int(),
});
export type DashboardOverview = z.infer<typeof dashboardOverview>;
