import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per channel and statement day downloaded: the day's lines are in `statement_lines`, written in the same
 * transaction, so a day is there whole or not at all. A day is downloaded once; a correction the channel publishes
 * later is fetched again by `npm run ops -- statement:fetch` (which replaces the day's lines).
 */
export const statementDownloads = pgTable(
  'statement_downloads',
  {
    /** WECHAT | ALIPAY | UNIONPAY */
    channel: text('channel').notNull(),
    /** The channel's day (China time). */
    day: date('day', { mode: 'string' }).notNull(),
    lineCount: integer('line_count').notNull(),
    /** Payments less refunds, fen. */
    netFen: bigint('net_fen', { mode: 'number' }).notNull(),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.day] })],
);

/** A channel's statement line: a payment (positive) or a refund (negative, with its refund number). */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    orderNo: text('order_no').notNull(),
    refundNo: text('refund_no'),
    channelTradeNo: text('channel_trade_no').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('statement_lines_day_idx').on(t.channel, t.day)],
);

/**
 * A channel-day's download on the job queue: the daily job makes the row when it enqueues the download (the claim:
 * enqueued once), each try counts itself and keeps its error (a statement not published yet, the channel down),
 * and a download given up is marked here (`ops reconcile` reports it) until `ops statement:fetch` stores the day.
 */
export const statementRuns = pgTable(
  'statement_runs',
  {
    channel: text('channel').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    tries: integer('tries').notNull().default(0),
    lastError: text('last_error'),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    /** The statement's differences with our side when it was reconciled (each is in the log). */
    differences: integer('differences'),
  },
  (t) => [primaryKey({ columns: [t.channel, t.day] })],
);
