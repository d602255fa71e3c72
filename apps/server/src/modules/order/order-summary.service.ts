import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { PAID_STATUSES, type OrderSummary } from '@mchweb/contract';
import { addDays, dayOf, dayStart } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { inScope, type MerchantScope } from '../../merchant-scope.ts';
import { merchantCondition, needsRows, orderConditions, withParams, type ResolvedFilter } from './order-filter.ts';
import { orderDayStats, orders } from './order.tables.ts';

interface Sums {
  count: number;
  paidCount: number;
  amountFen: number;
  refundedFen: number;
  feeFen: number;
}
const ZERO: Sums = { count: 0, paidCount: 0, amountFen: 0, refundedFen: 0, feeFen: 0 };
const plus = (a: Sums, b: Sums): Sums => ({
  count: a.count + b.count,
  paidCount: a.paidCount + b.paidCount,
  amountFen: a.amountFen + b.amountFen,
  refundedFen: a.refundedFen + b.refundedFen,
  feeFen: a.feeFen + b.feeFen,
});
const paidList = sql.raw(PAID_STATUSES.map((s) => `'${s}'`).join(','));

/** Sum the expressions over paid rows only (unpaid orders are counted, their money is not trade). */
function sumsSelect(count: SQL, amount: SQL, refunded: SQL, fee: SQL) {
  return {
    count: sql<string>`coalesce(sum(${count}), 0)::text`,
    paidCount: sql<string>`coalesce(sum(case when status in (${paidList}) then ${count} end), 0)::text`,
    amountFen: sql<string>`coalesce(sum(case when status in (${paidList}) then ${amount} end), 0)::text`,
    refundedFen: sql<string>`coalesce(sum(case when status in (${paidList}) then ${refunded} end), 0)::text`,
    feeFen: sql<string>`coalesce(sum(case when status in (${paidList}) then ${fee} end), 0)::text`,
  };
}
const toSums = (r: Record<keyof Sums, string> | undefined): Sums =>
  r ? (Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])) as unknown as Sums) : ZERO;

async function fromRows(db: Tx, r: ResolvedFilter, start: Date, end: Date): Promise<Sums> {
  if (end <= start) return ZERO;
  const [row] = await db
    .select(
      sumsSelect(
        sql`1`,
        sql`${orders.amountFen}`,
        sql`${orders.refundedFen}`,
        sql`${orders.feeFen} - ${orders.feeRefundedFen}`,
      ),
    )
    .from(orders)
    .where(orderConditions(r, start, end));
  return toSums(row);
}

async function fromDays(db: Tx, r: ResolvedFilter, firstDay: string, lastDay: string): Promise<Sums> {
  const f = r.filter;
  const parts: (SQL | undefined)[] = [
    eq(orderDayStats.companyId, r.companyId),
    inScope(orderDayStats.merchantId, r.scope),
    gte(orderDayStats.day, firstDay),
    lte(orderDayStats.day, lastDay),
  ];
  parts.push(withParams([merchantCondition(orderDayStats.merchantId, r)]));
  if (f.statuses?.length) parts.push(inArray(orderDayStats.status, f.statuses));
  if (f.channels?.length) parts.push(inArray(orderDayStats.channel, f.channels));
  const [row] = await db
    .select(
      sumsSelect(
        sql`${orderDayStats.count}`,
        sql`${orderDayStats.amountFen}`,
        sql`${orderDayStats.refundedFen}`,
        sql`${orderDayStats.feeFen} - ${orderDayStats.feeRefundedFen}`,
      ),
    )
    .from(orderDayStats)
    .where(and(...parts));
  return toSums(row);
}

/**
 * `POST /order/summary`. Whole business days inside the range come from the day totals (kept with every change
 * of an order), so 30 days cost a few hundred small rows, not a scan of every order; the parts of days at either
 * end, and filters the totals do not know (amount, numbers, label, payment time), read the orders themselves.
 */
export async function orderSummary(db: Tx, r: ResolvedFilter, tz: string): Promise<OrderSummary> {
  let sums: Sums;
  if (needsRows(r.filter)) {
    sums = await fromRows(db, r, r.start, r.end);
  } else {
    const startDay = dayOf(r.start, tz);
    const firstFull = dayStart(startDay, tz).getTime() === r.start.getTime() ? startDay : addDays(startDay, 1);
    // The day the range ends in is never whole: the end is its midnight (nothing of it) or within it.
    const lastFull = addDays(dayOf(r.end, tz), -1);
    if (firstFull > lastFull) {
      sums = await fromRows(db, r, r.start, r.end);
    } else {
      const fullStart = dayStart(firstFull, tz);
      const fullEnd = dayStart(addDays(lastFull, 1), tz);
      sums = plus(
        await fromDays(db, r, firstFull, lastFull),
        plus(await fromRows(db, r, r.start, fullStart), await fromRows(db, r, fullEnd, r.end)),
      );
    }
  }
  return { ...sums, netFen: sums.amountFen - sums.refundedFen - sums.feeFen };
}

export interface TradeDayLine {
  day: string;
  merchantId: number;
  channel: string;
  count: number;
  amountFen: number;
  refundedFen: number;
  feeFen: number;
}

/**
 * Paid trade per day (of creation), merchant and channel from the day totals: the dashboard's figures, a few
 * hundred small rows for 30 days whatever the number of orders. Only the scope's merchants when one is given.
 */
export async function tradeByDay(
  db: Tx,
  companyId: number,
  fromDay: string,
  toDay: string,
  scope: MerchantScope = null,
): Promise<TradeDayLine[]> {
  const rows = await db
    .select({
      day: orderDayStats.day,
      merchantId: orderDayStats.merchantId,
      channel: orderDayStats.channel,
      count: sql<string>`sum(${orderDayStats.count})::text`,
      amountFen: sql<string>`sum(${orderDayStats.amountFen})::text`,
      refundedFen: sql<string>`sum(${orderDayStats.refundedFen})::text`,
      feeFen: sql<string>`sum(${orderDayStats.feeFen} - ${orderDayStats.feeRefundedFen})::text`,
    })
    .from(orderDayStats)
    .where(
      and(
        eq(orderDayStats.companyId, companyId),
        inScope(orderDayStats.merchantId, scope),
        gte(orderDayStats.day, fromDay),
        lte(orderDayStats.day, toDay),
        inArray(orderDayStats.status, [...PAID_STATUSES]),
      ),
    )
    .groupBy(orderDayStats.day, orderDayStats.merchantId, orderDayStats.channel);
  return rows.map((r) => ({
    day: r.day,
    merchantId: r.merchantId,
    channel: r.channel,
    count: Number(r.count),
    amountFen: Number(r.amountFen),
    refundedFen: Number(r.refundedFen),
    feeFen: Number(r.feeFen),
  }));
}
