import { and, gte, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { ReconcileCheck } from '../../module.ts';
import { merchantsWithPurse, movementsOf } from '../ledger/index.ts';
import { merchantNamesOf } from '../merchant/index.ts';
import { refundsOrder } from './order-keys.ts';
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
    .innerJoin(orders, refundsOrder)
    .where(and(gte(refunds.createdAt, start), lt(refunds.createdAt, end)))
    .groupBy(orders.merchantId);
  for (const r of asked) Object.assign(entry(r.merchantId), { refundCount: Number(r.n), refundFen: Number(r.amount) });
  return found;
}

/**
 * The order module's part of reconciliation, per merchant: orders paid that day and refunds asked that day
 * against the ledger's PAYMENT and REFUND movements (count and amount, the fee of payments).
 */
export const orderReconcileCheck: ReconcileCheck = {
  name: 'orders',
  async check(db, { start, end }) {
    const trade = await tradeOfRange(db, start, end);
    const ids = [...new Set([...trade.keys(), ...(await merchantsWithPurse(db, 'pending'))])].sort((a, b) => a - b);
    const names = await merchantNamesOf(db, ids);
    const differences: string[] = [];
    for (const id of ids) {
      const who = names.get(id)?.mchNo ?? `merchant ${id}`;
      const moves = await movementsOf(db, [id], start, end);
      const pay = moves.filter((m) => m.kind === 'PAYMENT');
      const ref = moves.filter((m) => m.kind === 'REFUND');
      const t = trade.get(id) ?? { paidCount: 0, paidFen: 0, feeFen: 0, refundCount: 0, refundFen: 0 };
      const ledgerPaid = [
        pay.reduce((s, m) => s + m.count, 0),
        -pay.reduce((s, m) => s + m.clearingFen, 0),
        pay.reduce((s, m) => s + m.feeFen, 0),
      ];
      if (String(ledgerPaid) !== String([t.paidCount, t.paidFen, t.feeFen])) {
        differences.push(
          `${who}: orders paid ${[t.paidCount, t.paidFen, t.feeFen]} (count, fen, fee) but the ledger has ${ledgerPaid}`,
        );
      }
      const ledgerRefunds = [ref.reduce((s, m) => s + m.count, 0), ref.reduce((s, m) => s + m.clearingFen, 0)];
      if (String(ledgerRefunds) !== String([t.refundCount, t.refundFen])) {
        differences.push(
          `${who}: refunds asked ${[t.refundCount, t.refundFen]} (count, fen) but the ledger has ${ledgerRefunds}`,
        );
      }
    }
    return { differences };
  },
};
