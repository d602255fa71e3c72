import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { paymentCodes } from '../code/code.tables.ts';
import { companies } from '../company/company.tables.ts';
import { merchants } from '../merchant/merchant.tables.ts';
import { users } from '../user/user.tables.ts';

/**
 * Orders: PENDING -> SUCCESS | FAILED | CLOSED; SUCCESS -> PARTIAL_REFUNDED | REFUNDED by refunds. The fee and
 * the rate are fixed when the order is made (a later rate change never reprices it).
 *
 * Partitioned by business month on `created_at` (migration 0014, docs/operations.md "Data that grows"): its
 * primary key must hold the partition key, so it is `(id, created_at)`; the keys that are unique platform-wide
 * (`order_no`, the payer's `(code_no, idempotency_key)`) are kept unique by `order_keys` below. `created_at` is
 * kept to the millisecond, so the value a JavaScript Date read back is the stored one (refunds carry it).
 */
export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    orderNo: text('order_no').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    codeId: integer('code_id').references(() => paymentCodes.id),
    codeNo: text('code_no'),
    label: text('label'),
    /** WECHAT | ALIPAY | UNIONPAY */
    channel: text('channel').notNull(),
    status: text('status').notNull().default('PENDING'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    rateTenths: integer('rate_tenths').notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    /** Refunds that succeeded, and the fee they gave back. */
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    feeRefundedFen: bigint('fee_refunded_fen', { mode: 'number' }).notNull().default(0),
    /** Refunds still PROCESSING: held from what may be refunded. */
    refundingFen: bigint('refunding_fen', { mode: 'number' }).notNull().default(0),
    feeRefundingFen: bigint('fee_refunding_fen', { mode: 'number' }).notNull().default(0),
    /** The payer's key: the same key for the same code answers the same order. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    channelTradeNo: text('channel_trade_no'),
    /** The merchant API's caller's own labels (issue 30); null for the cashier's orders. */
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    /**
     * When an unpaid order closes, when its maker asked for less than ORDER_CLOSE_MINUTES (the merchant API's
     * `expiresInMinutes`); null: ORDER_CLOSE_MINUTES after it was made.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt], name: 'orders_pkey' }),
    // Unique by order_keys; this index finds an order by its number (one probe per month's partition).
    index('orders_order_no_idx').on(t.orderNo),
    // The list pages newest first by time of creation, per organisation and per merchant (the usual filter): any
    // range of days is a range of the index, however far back.
    index('orders_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_merchant_created_idx').on(t.merchantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The exports read an organisation's orders by id, a batch after the last one sent.
    index('orders_company_id_idx').on(t.companyId, t.id.desc()),
    index('orders_company_paid_idx').on(t.companyId, t.paidAt),
    // The close job finds PENDING orders by age; the partial index stays small.
    index('orders_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'PENDING'`),
    // The few PENDING orders asked to close sooner (the merchant API's expiresInMinutes).
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'PENDING' and expires_at is not null`),
  ],
);

/** Refunds: PROCESSING -> SUCCESS | FAILED. The money leaves the merchant when the refund is asked for. */
export const refunds = pgTable(
  'refunds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    refundNo: text('refund_no').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    /** The order's `created_at`: with `order_id` the order's key (a foreign key into a partitioned table). */
    orderCreatedAt: timestamp('order_created_at', { withTimezone: true, precision: 3 }).notNull(),
    status: text('status').notNull().default('PROCESSING'),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    feeRefundFen: bigint('fee_refund_fen', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    failReason: text('fail_reason'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_idx').on(t.companyId, t.idempotencyKey),
    // An order moved in time (a test's backdating, a correction) takes its refunds' copy of the key along.
    foreignKey({
      name: 'refunds_order_fk',
      columns: [t.orderId, t.orderCreatedAt],
      foreignColumns: [orders.id, orders.createdAt],
    }).onUpdate('cascade'),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_processing_idx')
      .on(t.createdAt)
      .where(sql`status = 'PROCESSING'`),
  ],
);

/**
 * The keys of orders that are unique platform-wide, in a small table that is not partitioned (a partitioned
 * table's unique keys hold only within a partition): one row per order, written in the same transaction. A payer's
 * retry with the same `(code_no, idempotency_key)` finds the first order whatever month it was made in, and the
 * order's `created_at` here finds its partition at once. The merchant API's orders have no code (null `code_no`):
 * their key is the API's own idempotency table's (developer module), as before.
 */
export const orderKeys = pgTable(
  'order_keys',
  {
    orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    orderNo: text('order_no').notNull().unique(),
    codeNo: text('code_no'),
    idempotencyKey: text('idempotency_key').notNull(),
  },
  (t) => [
    uniqueIndex('order_keys_idempotency_idx').on(t.codeNo, t.idempotencyKey),
    foreignKey({
      name: 'order_keys_order_fk',
      columns: [t.orderId, t.createdAt],
      foreignColumns: [orders.id, orders.createdAt],
    }).onUpdate('cascade'),
  ],
);

/**
 * Totals of orders per organisation, merchant, day of creation (MCHWEB_TZ), channel and status, kept in the same
 * transaction as every change of an order: `/order/summary` and the dashboard add up days instead of scanning
 * orders. An order moving from SUCCESS to PARTIAL_REFUNDED moves its figures from one row to the other.
 */
export const orderDayStats = pgTable(
  'order_day_stats',
  {
    companyId: integer('company_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    count: integer('count').notNull().default(0),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull().default(0),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    feeRefundedFen: bigint('fee_refunded_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.merchantId, t.channel, t.status] }),
    index('order_day_stats_merchant_idx').on(t.merchantId, t.day),
  ],
);
