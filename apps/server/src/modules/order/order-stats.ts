import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { dayOf } from '../../business-day.ts';
import type { orders } from './order.tables.ts';
import { orderDayStats } from './order.tables.ts';

type OrderRow = typeof orders.$inferSelect;

/** An order's contribution to its day's totals. */
const figures = (o: OrderRow, tz: string) => ({
  key: {
    companyId: o.companyId,
    merchantId: o.merchantId,
    day: dayOf(o.createdAt, tz),
    channel: o.channel,
    status: o.status,
  },
  count: 1,
  amountFen: o.amountFen,
  feeFen: o.feeFen,
  refundedFen: o.refundedFen,
  feeRefundedFen: o.feeRefundedFen,
});

async function add(tx: Tx, f: ReturnType<typeof figures>, sign: 1 | -1) {
  const v = {
    count: sign * f.count,
    amountFen: sign * f.amountFen,
    feeFen: sign * f.feeFen,
    refundedFen: sign * f.refundedFen,
    feeRefundedFen: sign * f.feeRefundedFen,
  };
  await tx
    .insert(orderDayStats)
    .values({ ...f.key, ...v })
    .onConflictDoUpdate({
      target: [
        orderDayStats.companyId,
        orderDayStats.day,
        orderDayStats.merchantId,
        orderDayStats.channel,
        orderDayStats.status,
      ],
      set: {
        count: sql`${orderDayStats.count} + ${v.count}`,
        amountFen: sql`${orderDayStats.amountFen} + ${v.amountFen}`,
        feeFen: sql`${orderDayStats.feeFen} + ${v.feeFen}`,
        refundedFen: sql`${orderDayStats.refundedFen} + ${v.refundedFen}`,
        feeRefundedFen: sql`${orderDayStats.feeRefundedFen} + ${v.feeRefundedFen}`,
      },
    });
}

/**
 * Keep the day totals in step with a change of an order: take out what it counted for before (nothing for a new
 * order) and add what it counts for after. Call it in the transaction of the change.
 */
export async function recountOrder(tx: Tx, before: OrderRow | null, after: OrderRow, tz: string) {
  if (before) await add(tx, figures(before, tz), -1);
  await add(tx, figures(after, tz), 1);
}
