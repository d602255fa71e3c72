import crypto from 'node:crypto';
import { and, eq, lt, type SQL } from 'drizzle-orm';
import { ORDER_CLOSE_MINUTES, type Channel } from '@mchweb/contract';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { countPayment } from '../../metrics.ts';
import { channelClearing, FEE_INCOME, merchantAccount, postTransaction } from '../ledger/index.ts';
import type { PaySettings } from './cashier.service.ts';
import { ORDER } from './order.messages.ts';
import { recountOrder } from './order-stats.ts';
import { orders } from './order.tables.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * The payment's ledger transaction: the channel owes us the amount (clearing, debit), the merchant is owed the
 * amount less the fee (pending, credit until its settlement), the platform earned the fee.
 */
export const paymentEntries = (o: OrderRow) => [
  { account: channelClearing(o.channel as Channel), amountFen: -o.amountFen },
  { account: merchantAccount(o.merchantId, 'pending'), amountFen: o.amountFen - o.feeFen },
  { account: FEE_INCOME, amountFen: o.feeFen },
];

/** The order row, locked for the rest of the transaction (notices, the close job and refunds take turns). */
export async function lockOrder(tx: Tx, where: SQL) {
  const [row] = await tx.select().from(orders).where(where).for('update');
  return row ?? null;
}

/**
 * The channel's notice of a payment's result. Only a PENDING order changes: a repeated notice, a notice after the
 * order closed, or a contradicting late one changes nothing and answers the order as it is (the channel stops
 * resending when it gets an answer). On SUCCESS the payment posts to the ledger in the same transaction.
 */
export async function applyPaymentNotice(
  db: Db,
  input: { orderNo: string; result: 'SUCCESS' | 'FAILED' },
  settings: PaySettings,
  now = new Date(),
): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const before = await lockOrder(tx, eq(orders.orderNo, input.orderNo));
    if (!before) throw notFound(ORDER.orderNotFound);
    if (before.status !== 'PENDING') return before;
    const [after] = await tx
      .update(orders)
      .set(
        input.result === 'SUCCESS'
          ? {
              status: 'SUCCESS',
              paidAt: now,
              channelTradeNo: `SBX${crypto.randomInt(1e9).toString().padStart(9, '0')}`,
            }
          : { status: 'FAILED', closedAt: now },
      )
      .where(eq(orders.id, before.id))
      .returning();
    if (after!.status === 'SUCCESS') {
      await postTransaction(tx, {
        kind: 'PAYMENT',
        refNo: after!.orderNo,
        companyId: after!.companyId,
        at: after!.paidAt!,
        entries: paymentEntries(after!),
      });
    }
    await recountOrder(tx, before, after!, settings.tz);
    countPayment(after!);
    return after!;
  });
}

/**
 * Close PENDING orders older than ORDER_CLOSE_MINUTES, a batch at a time. Safe on several processes at once:
 * each takes rows the others have not locked (SKIP LOCKED). Answers how many it closed.
 */
export async function closeExpiredOrders(db: Db, settings: PaySettings, now = new Date(), limit = 200) {
  const cutoff = new Date(now.getTime() - ORDER_CLOSE_MINUTES * 60_000);
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'PENDING'), lt(orders.createdAt, cutoff)))
      .orderBy(orders.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const before of due) {
      const [after] = await tx
        .update(orders)
        .set({ status: 'CLOSED', closedAt: now })
        .where(eq(orders.id, before.id))
        .returning();
      await recountOrder(tx, before, after!, settings.tz);
    }
    return due.length;
  });
}
