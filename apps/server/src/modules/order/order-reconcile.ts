import { and, gte, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders, refunds } from './order.tables.ts';

export interface MerchantDayTrade {
  merchantId: number;
  paidCount: number;
  paidFen: number;
  feeFen: number;
  refundCount: number;
  refundFen: number;
}

/**
 * What the order tables say happened in [start, end), per merchant: orders paid (count, amount, fee) and refunds
 * asked for (count, amount; failed ones included, as the ledger posts them when asked). Reconciliation compares it
 * with the ledger and the settlements.
 */
export async function tradeOfRange(db: Tx, start: Date, end: Date): Promise<Map<number, MerchantDayTrade>> {
  const found = new Map<number, MerchantDayTrade>();
  const entry = (merchantId: number) => {
    let e = found.get(merchantId);
    if (!e) {
      e = { merchantId, paidCount: 0, paidFen: 0, feeFen: 0, refundCount: 0, refundFen: 0 };
      found.set(merchantId, e);
    }
    return e;
  };
  const paid = await db
    .select({
      merchantId: orders.merchantId,
      n: sql<string>`count(*)::text`,
      amount: sql<string>`sum(${orders.amountFen})::text`,
      fee: sql<string>`sum(${orders.feeFen})::text`,
    })
    .from(orders)
    .where(and(gte(orders.paidAt, start), lt(orders.paidAt, end)))
    .groupBy(orders.merchantId);
  for (const p of paid)
    Object.assign(entry(p.merchantId), { paidCount: Number(p.n), paidFen: Number(p.amount), feeFen: Number(p.fee) });
  const asked = await db
    .select({
      merchantId: orders.merchantId,
      n: sql<string>`count(*)::text`,
      amount: sql<string>`sum(${refunds.amountFen})::text`,
    })
    .from(refunds)
    .innerJoin(orders, sql`${orders.id} = ${refunds.orderId}`)
    .where(and(gte(refunds.createdAt, start), lt(refunds.createdAt, end)))
    .groupBy(orders.merchantId);
  for (const r of asked) Object.assign(entry(r.merchantId), { refundCount: Number(r.n), refundFen: Number(r.amount) });
  return found;
}
