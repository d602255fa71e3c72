import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../company/company.tables.ts';
import { merchants } from '../merchant/merchant.tables.ts';

/**
 * One settlement per merchant per business day (T+1): PENDING -> SETTLED | FAILED (retried by the next run). The
 * unique (merchant, day) is what makes it exactly once, whichever process or rerun gets there first.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `S` + the day yyyyMMdd + the merchant number: one per merchant-day, readable on the phone. */
    settleNo: text('settle_no').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    settleDate: date('settle_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('PENDING'),
    tradeCount: integer('trade_count').notNull(),
    tradeFen: bigint('trade_fen', { mode: 'number' }).notNull(),
    refundCount: integer('refund_count').notNull(),
    /** Refunds asked for that day, less refunds that failed that day (their money came back). */
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull(),
    /** Fees charged less fees given back with refunds. */
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    /** Profit sharing's part (the split-account issue fills it). */
    splitFen: bigint('split_fen', { mode: 'number' }).notNull().default(0),
    /** trade - refund - fee - split: what moves from pending to available. */
    netFen: bigint('net_fen', { mode: 'number' }).notNull(),
    failReason: text('fail_reason'),
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('settlements_merchant_day_idx').on(t.merchantId, t.settleDate),
    index('settlements_company_idx').on(t.companyId, t.id.desc()),
    index('settlements_failed_idx')
      .on(t.settleDate)
      .where(sql`status = 'FAILED'`),
  ],
);

/**
 * A business day's settlement run: the daily job makes it when it enqueues the day's merchant jobs (one per
 * merchant-day, on the job queue; the row is the claim, so the day is enqueued once), each merchant job updates
 * the counts from the day's settlement records, and the last one sets `finishedAt` and enqueues the
 * reconciliation, which records what it found. pg-boss keeps each job's own history (tries, errors).
 */
export const settlementRuns = pgTable('settlement_runs', {
  settleDate: date('settle_date', { mode: 'string' }).primaryKey(),
  /** Merchant-days enqueued for the day (0 for a run recorded before the queue). */
  merchants: integer('merchants').notNull().default(0),
  settled: integer('settled').notNull(),
  failed: integer('failed').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /** When every merchant-day had its outcome (SETTLED or FAILED); null while merchant jobs are still to run. */
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
  /** The nightly reconciliation's differences (each is in the log). */
  differences: integer('differences'),
});
