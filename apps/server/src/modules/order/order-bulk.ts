import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { feeRefundSql, feeSql } from './order-fee-sql.ts';

/** The ledger's rows of a batch of past orders: its payments and its refunds (see the ledger's bulk recipes). */
export interface PastOrderMoney {
  /** `ref_no, company_id, merchant_id, channel, amount_fen, fee_fen, at`: one row per paid order. */
  payments: SQL;
  /** `ref_no, company_id, merchant_id, channel, amount_fen, fee_refund_fen, at`: one row per refund. */
  refunds: SQL;
}

/**
 * Orders that already happened, written in bulk (the sandbox's demo orders, the benchmarks' million): one
 * statement for the orders, one for their refunds, one for their day totals, so every figure agrees as if they
 * had been paid one by one. The order module works out the fees (its fee rule, as SQL) and the numbers.
 *
 * `rows` answers one row per order: `i` (a number unique in the batch), `company_id`, `merchant_id`, `code_id`,
 * `code_no`, `label`, `channel`, `status`, `amount_fen`, `rate_tenths`, `refunded_fen` (refunded in full or in
 * part by one SUCCESS refund two hours after the payment), `created_at`, `paid_at` and `closed_at`. `batch`, a
 * random whole number, keeps one call's order numbers apart from another's (idempotency keys `bulk-<batch>-<i>`).
 * Answers the batch's money for the ledger's bulk recipes; run it and them in one transaction.
 */
export async function insertPastOrders(
  tx: Tx,
  rows: SQL,
  opts: { batch: number; tz: string; refundReason: string },
): Promise<PastOrderMoney> {
  const [{ last }] = (
    (await tx.execute(sql`select coalesce(max(id), 0)::bigint as last from orders`)) as unknown as {
      rows: [{ last: string }];
    }
  ).rows;
  // The batch's months get their partitions first (past months have none: the job makes the coming ones); a day
  // more for the refunds' ledger entries, two hours after the payment.
  await tx.execute(sql`
    select mchweb_month_partitions(${opts.tz}, (min(r.created_at) at time zone ${opts.tz})::date,
      ((max(r.created_at) + interval '1 day') at time zone ${opts.tz})::date) from (${rows}) r having count(*) > 0`);
  // Ids taken from the sequence up front, so each order's keys (order_keys, where order numbers are unique) are
  // written in the same statement; a number already taken skips its order, as a unique index would.
  await tx.execute(sql`
    with r as materialized (
      select nextval(pg_get_serial_sequence('orders', 'id')) as id,
        'P' || to_char(r.created_at at time zone ${opts.tz}, 'YYYYMMDDHH24MISS')
          || lpad(((r.i + ${opts.batch}) % 1000000)::text, 6, '0') as order_no,
        ${`bulk-${opts.batch}-`} || r.i as idempotency_key, r.*
      from (${rows}) r order by r.i),
    k as (
      insert into order_keys (order_id, created_at, order_no, code_no, idempotency_key)
      select r.id, r.created_at, r.order_no, r.code_no, r.idempotency_key from r
      on conflict do nothing returning order_id)
    insert into orders (id, order_no, company_id, merchant_id, code_id, code_no, label, channel, status, amount_fen,
      rate_tenths, fee_fen, refunded_fen, fee_refunded_fen, idempotency_key, request_hash, channel_trade_no,
      created_at, paid_at, closed_at)
    overriding system value
    select r.id, r.order_no, r.company_id, r.merchant_id, r.code_id, r.code_no, r.label, r.channel, r.status,
      r.amount_fen, r.rate_tenths, f.fee_fen, r.refunded_fen,
      ${feeRefundSql(sql`f.fee_fen`, sql`r.refunded_fen`, sql`r.amount_fen`)},
      r.idempotency_key, 'bulk', case when r.paid_at is null then null else 'SBX' || r.i end,
      r.created_at, r.paid_at, r.closed_at
    from r join k on k.order_id = r.id
      cross join lateral (select ${feeSql(sql`r.amount_fen`, sql`r.rate_tenths`)} as fee_fen) f
    order by r.id`);
  const mine = sql`o.id > ${last} and o.idempotency_key like ${`bulk-${opts.batch}-%`}`;
  await tx.execute(sql`
    insert into order_day_stats (company_id, merchant_id, day, channel, status, count, amount_fen, fee_fen,
      refunded_fen, fee_refunded_fen)
    select o.company_id, o.merchant_id, (o.created_at at time zone ${opts.tz})::date, o.channel, o.status, count(*),
      sum(o.amount_fen), sum(o.fee_fen), sum(o.refunded_fen), sum(o.fee_refunded_fen)
    from orders o where ${mine} group by 1, 2, 3, 4, 5
    on conflict (company_id, day, merchant_id, channel, status) do update set
      count = order_day_stats.count + excluded.count,
      amount_fen = order_day_stats.amount_fen + excluded.amount_fen,
      fee_fen = order_day_stats.fee_fen + excluded.fee_fen,
      refunded_fen = order_day_stats.refunded_fen + excluded.refunded_fen,
      fee_refunded_fen = order_day_stats.fee_refunded_fen + excluded.fee_refunded_fen`);
  await tx.execute(sql`
    insert into refunds (refund_no, company_id, order_id, order_created_at, status, amount_fen, fee_refund_fen, reason,
      idempotency_key, request_hash, created_at, finished_at)
    select 'R' || substr(o.order_no, 2), o.company_id, o.id, o.created_at, 'SUCCESS', o.refunded_fen, o.fee_refunded_fen,
      ${opts.refundReason}, o.idempotency_key, 'bulk', o.paid_at + interval '2 hours', o.paid_at + interval '2 hours'
    from orders o where ${mine} and o.refunded_fen > 0`);
  return {
    payments: sql`select o.order_no as ref_no, o.company_id, o.merchant_id, o.channel, o.amount_fen, o.fee_fen,
      o.paid_at as at from orders o where ${mine} and o.paid_at is not null`,
    refunds: sql`select r.refund_no as ref_no, o.company_id, o.merchant_id, o.channel, r.amount_fen,
      r.fee_refund_fen, r.created_at as at
      from refunds r join orders o on o.id = r.order_id and o.created_at = r.order_created_at where ${mine} and r.idempotency_key = o.idempotency_key`,
  };
}
