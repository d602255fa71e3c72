import { and, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { PAID_STATUSES, type Channel } from '@mchweb/contract';
import { addDays, dayStart } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { refundsOrder } from './order-keys.ts';
import { orderDayStats, orders, refunds } from './order.tables.ts';

export interface PlatformDayLine {
  day: string;
  channel: Channel;
  paymentCount: number;
  paymentFen: number;
  refundCount: number;
  refundFen: number;
  failedCount: number;
}

/**
 * The whole platform's payments, refunds and failures by business day and channel (the console's overview):
 * payments and failures from the kept day totals (by the order's day), refunds asked for that day (not failed).
 */
export async function platformDays(db: Tx, from: string, to: string, tz: string): Promise<PlatformDayLine[]> {
  const stats = await db
    .select({
      day: orderDayStats.day,
      channel: orderDayStats.channel,
      paymentCount: sql<string>`sum(${orderDayStats.count}) filter (where ${inArray(orderDayStats.status, [...PAID_STATUSES])})`,
      paymentFen: sql<string>`sum(${orderDayStats.amountFen}) filter (where ${inArray(orderDayStats.status, [...PAID_STATUSES])})`,
      failedCount: sql<string>`sum(${orderDayStats.count}) filter (where ${inArray(orderDayStats.status, ['FAILED', 'CLOSED'])})`,
    })
    .from(orderDayStats)
    .where(and(gte(orderDayStats.day, from), lte(orderDayStats.day, to)))
    .groupBy(orderDayStats.day, orderDayStats.channel);
  const refundDay = sql<string>`to_char(${refunds.createdAt} at time zone ${tz}, 'YYYY-MM-DD')`;
  const refundRows = await db
    .select({
      day: refundDay,
      channel: orders.channel,
      count: sql<number>`count(*)::int`,
      fen: sql<string>`sum(${refunds.amountFen})`,
    })
    .from(refunds)
    .innerJoin(orders, refundsOrder)
    .where(
      and(
        gte(refunds.createdAt, dayStart(from, tz)),
        lt(refunds.createdAt, dayStart(addDays(to, 1), tz)),
        ne(refunds.status, 'FAILED'),
      ),
    )
    // By position: the day's expression carries the zone as a parameter, numbered anew where it is repeated.
    .groupBy(sql`1`, orders.channel);
  const lines = new Map<string, PlatformDayLine>();
  const line = (day: string, channel: string) => {
    const key = `${day} ${channel}`;
    let found = lines.get(key);
    if (!found) {
      found = {
        day,
        channel: channel as Channel,
        paymentCount: 0,
        paymentFen: 0,
        refundCount: 0,
        refundFen: 0,
        failedCount: 0,
      };
      lines.set(key, found);
    }
    return found;
  };
  for (const s of stats) {
    const l = line(s.day, s.channel);
    l.paymentCount = Number(s.paymentCount ?? 0);
    l.paymentFen = Number(s.paymentFen ?? 0);
    l.failedCount = Number(s.failedCount ?? 0);
  }
  for (const r of refundRows) {
    const l = line(r.day, r.channel);
    l.refundCount = r.count;
    l.refundFen = Number(r.fen ?? 0);
  }
  return [...lines.values()].sort((a, b) => a.day.localeCompare(b.day) || a.channel.localeCompare(b.channel));
}
