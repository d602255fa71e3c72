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

type Figures = ReturnType<typeof figures>;
const sameDayRow = (a: Figures['key'], b: Figures['key']) =>
  a.companyId === b.companyId &&
  a.merchantId === b.merchantId &&
  a.day === b.day &&
  a.channel === b.channel &&
  a.status === b.status;

/**
 * Keep the day totals in step with a change of an order: take out what it counted for before (nothing for a new
 * order) and add what it counts for after. Call it in the transaction of the change. One statement: two day rows
 * (a payment moves an order from PENDING to SUCCESS) in one upsert, or one row with the difference when both are
 * the same (a refund keeps the status; PostgreSQL refuses an upsert touching one row twice).
 */
export async function recountOrder(tx: Tx, before: OrderRow | null, after: OrderRow, tz: string) {
  const changes = [...(before ? [{ f: figures(before, tz), sign: -1 }] : []), { f: figures(after, tz), sign: 1 }];
  const rows: (Figures['key'] & Omit<Figures, 'key'>)[] = [];
  for (const { f, sign } of changes) {
    const same = rows.find((r) => sameDayRow(r, f.key));
    const row = same ?? { ...f.key, count: 0, amountFen: 0, feeFen: 0, refundedFen: 0, feeRefundedFen: 0 };
    row.count += sign * f.count;
    row.amountFen += sign * f.amountFen;
    row.feeFen += sign * f.feeFen;
    row.refundedFen += sign * f.refundedFen;
    row.feeRefundedFen += sign * f.feeRefundedFen;
    if (!same) rows.push(row);
  }
  await tx
    .insert(orderDayStats)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        orderDayStats.companyId,
        orderDayStats.day,
        orderDayStats.merchantId,
        orderDayStats.channel,
        orderDayStats.status,
      ],
      set: {
        count: sql`${orderDayStats.count} + excluded.count`,
        amountFen: sql`${orderDayStats.amountFen} + excluded.amount_fen`,
        feeFen: sql`${orderDayStats.feeFen} + excluded.fee_fen`,
        refundedFen: sql`${orderDayStats.refundedFen} + excluded.refunded_fen`,
        feeRefundedFen: sql`${orderDayStats.feeRefundedFen} + excluded.fee_refunded_fen`,
      },
    });
}
