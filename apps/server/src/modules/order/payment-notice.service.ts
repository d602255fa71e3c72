import { and, eq, lt, type SQL } from 'drizzle-orm';
import { ORDER_CLOSE_MINUTES, type Channel } from '@mchweb/contract';
import type { Db, Tx } from '../../db/client.ts';
import type { PaymentOutcome } from '../../payment-channel.ts';
import { notFound } from '../../errors.ts';
import { countPayment } from '../../metrics.ts';
import { paymentCaptured } from '../ledger/index.ts';
import { orderData, recordEvent } from '../webhook/index.ts';
import type { PaySettings } from './cashier.service.ts';
import { ORDER } from './order.messages.ts';
import { recountOrder } from './order-stats.ts';
import { orders } from './order.tables.ts';

type OrderRow = typeof orders.$inferSelect;

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
  input: PaymentOutcome,
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
              channelTradeNo: input.channelTradeNo ?? null,
            }
          : { status: 'FAILED', closedAt: now },
      )
      .where(eq(orders.id, before.id))
      .returning();
    if (after!.status === 'SUCCESS') {
      await paymentCaptured(tx, {
        orderNo: after!.orderNo,
        companyId: after!.companyId,
        merchantId: after!.merchantId,
        channel: after!.channel as Channel,
        amountFen: after!.amountFen,
        feeFen: after!.feeFen,
        at: after!.paidAt!,
      });
      await recordEvent(tx, {
        companyId: after!.companyId,
        merchantId: after!.merchantId,
        type: 'order.paid',
        data: orderData(after!),
        occurredAt: after!.paidAt!,
      });
    }
    await recountOrder(tx, before, after!, settings.tz);
    countPayment(after!);
    return after!;
  });
}

/** Close PENDING orders older than ORDER_CLOSE_MINUTES, a batch at a time (closeExpired); answers how many. */
export async function closeExpiredOrders(db: Db, settings: PaySettings, now = new Date(), limit = 200) {
  return (await closeExpired(db, settings, now, limit)).length;
}

/**
 * Close PENDING orders older than ORDER_CLOSE_MINUTES, a batch at a time. Safe on several processes at once:
 * each takes rows the others have not locked (SKIP LOCKED). Answers the orders it closed (their channel is told).
 */
export async function closeExpired(db: Db, settings: PaySettings, now = new Date(), limit = 200) {
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
      await recordEvent(tx, {
        companyId: after!.companyId,
        merchantId: after!.merchantId,
        type: 'order.closed',
        data: orderData(after!),
        occurredAt: now,
      });
    }
    return due.map((o) => ({ orderNo: o.orderNo, channel: o.channel as Channel }));
  });
}
