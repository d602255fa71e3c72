import { and, eq, gt, lt, or } from 'drizzle-orm';
import { ORDER_CLOSE_MINUTES, type Channel } from '@mchweb/contract';
import type { Db } from '../../db/client.ts';
import { forEachPage } from '../../keyset.ts';
import { lockOrder } from './order-lock.ts';
import type { PaymentOutcome } from '../../payment-channel.ts';
import { notFound } from '../../errors.ts';
import { countPayment } from '../../metrics.ts';
import { paymentCaptured } from '../ledger/index.ts';
import { systemActor } from '../../actor.ts';
import { requestHash } from '../../business-no.ts';
import type { Channels } from '../../channels.ts';
import { recordAudit } from '../audit/index.ts';
import { channelMerchantOf } from '../merchant/index.ts';
import { orderData, recordEvent } from '../webhook/index.ts';
import type { PaySettings } from './cashier.service.ts';
import { holdRefund } from './refund.service.ts';
import { ORDER } from './order.messages.ts';
import { recountOrder } from './order-stats.ts';
import { orderIs, type OrderKey } from './order-keys.ts';
import { orders } from './order.tables.ts';

type OrderRow = typeof orders.$inferSelect;

/** A refund the late-payment rule held, to be asked of the channel once its transaction committed. */
interface LateRefund {
  orderNo: string;
  refundNo: string;
  channel: Channel;
  merchantId: number;
  amountFen: number;
  reason: string;
}

/**
 * The channel's outcome of a payment (its notice or the answer to a query, in any order, any number of times).
 * A PENDING order takes it: SUCCESS posts the payment to the ledger in the same transaction, FAILED ends it. A
 * repeated or contradicting outcome changes nothing and answers the order as it is (the channel stops resending
 * when it gets an answer). A SUCCESS after the order CLOSED is money the payer really paid for an order we gave
 * up on: it is recorded as captured (the order becomes paid) and refunded in full at once through the ordinary
 * refund path (the ledger's PAYMENT then REFUND), and the refund is asked of the channel after the commit.
 */
export async function applyPaymentNotice(
  db: Db,
  input: PaymentOutcome,
  settings: PaySettings,
  channels: Channels,
  now = new Date(),
): Promise<OrderRow> {
  const held: { late?: LateRefund } = {};
  const order = await db.transaction(async (tx) => {
    const before = await lockOrder(tx, eq(orders.orderNo, input.orderNo));
    if (!before) throw notFound(ORDER.orderNotFound);
    // A signed outcome for another amount is not this order's payment: nothing changes, the caller logs it.
    if (input.amountFen !== undefined && input.amountFen !== before.amountFen)
      throw new Error(
        `order ${before.orderNo}: the channel says ${input.amountFen} fen were paid, not ${before.amountFen}`,
      );
    const paidLate = before.status === 'CLOSED' && input.result === 'SUCCESS';
    if (before.status !== 'PENDING' && !paidLate) return before;
    const [after] = await tx
      .update(orders)
      .set(
        input.result === 'SUCCESS'
          ? { status: 'SUCCESS', paidAt: now, channelTradeNo: input.channelTradeNo ?? null }
          : { status: 'FAILED', closedAt: now },
      )
      .where(orderIs(before))
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
    let final = after!;
    if (paidLate) {
      const reason = `${ORDER.latePaymentRefund['en-US']} / ${ORDER.latePaymentRefund['zh-CN']}`;
      const refund = await holdRefund(tx, after!, {
        amountFen: after!.amountFen,
        reason,
        idempotencyKey: `late-payment:${after!.orderNo}`,
        requestHash: requestHash({ latePayment: after!.orderNo }),
        createdBy: null,
      });
      await recordAudit(tx, systemActor('channel:late-payment', after!.companyId), {
        action: 'order.refund',
        targetType: 'order',
        targetId: after!.orderNo,
        detail: { refundNo: refund.refundNo, amountFen: refund.amountFen, reason, paidAfterClose: true },
      });
      held.late = {
        ...refund,
        orderNo: after!.orderNo,
        channel: after!.channel as Channel,
        merchantId: after!.merchantId,
      };
      final = (await tx.select().from(orders).where(orderIs(before)))[0]!;
    }
    await recountOrder(tx, before, final!, settings.tz);
    countPayment(final!);
    return final!;
  });
  if (held.late) await askRefund(db, channels, held.late, order.amountFen);
  return order;
}

/** Ask the channel for a refund already held; a failure leaves it PROCESSING for the channel query job to ask again. */
async function askRefund(db: Db, channels: Channels, r: LateRefund, totalFen: number) {
  try {
    await channels.payment(r.channel).refund({
      orderNo: r.orderNo,
      merchant: await channelMerchantOf(db, r.merchantId),
      refundNo: r.refundNo,
      amountFen: r.amountFen,
      totalFen,
      reason: r.reason,
    });
  } catch {
    // Logged by the channel's logging wrapper; the refund job asks again (same out_refund_no: the same refund).
  }
}

/** One order closed here if it is still PENDING (a notice may have paid it meanwhile); answers whether it was. */
async function closeOrder(db: Db, order: OrderKey, settings: PaySettings, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await lockOrder(tx, orderIs(order));
    if (before?.status !== 'PENDING') return false;
    const [after] = await tx.update(orders).set({ status: 'CLOSED', closedAt: now }).where(orderIs(before)).returning();
    await recountOrder(tx, before, after!, settings.tz);
    await recordEvent(tx, {
      companyId: after!.companyId,
      merchantId: after!.merchantId,
      type: 'order.closed',
      data: orderData(after!),
      occurredAt: now,
    });
    return true;
  });
}

/**
 * Close PENDING orders older than ORDER_CLOSE_MINUTES or past their own expiresAt (the merchant API's
 * expiresInMinutes), a batch at a time; answers how many closed. Each is closed
 * at its channel first (the payer can no longer pay it there), then asked for its result: paid meanwhile, it is
 * marked paid instead of closed; otherwise it closes here. A channel that fails to answer leaves the order
 * PENDING for the next pass. Safe on several processes at once: closing twice at a channel is harmless, and the
 * order row changes only from PENDING under its lock.
 */
export async function closeExpiredOrders(
  db: Db,
  settings: PaySettings,
  channels: Channels,
  now = new Date(),
  opts: { limit?: number; stopped?: () => boolean } = {},
): Promise<number> {
  const limit = opts.limit ?? 200;
  const cutoff = new Date(now.getTime() - ORDER_CLOSE_MINUTES * 60_000);
  let closed = 0;
  const due = (afterId: number) =>
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        orderNo: orders.orderNo,
        channel: orders.channel,
        merchantId: orders.merchantId,
      })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'PENDING'),
          or(lt(orders.createdAt, cutoff), lt(orders.expiresAt, now)),
          gt(orders.id, afterId),
        ),
      )
      .orderBy(orders.id)
      .limit(limit);
  await forEachPage(
    limit,
    due,
    async (o) => {
      const adapter = channels.payment(o.channel as Channel);
      try {
        const merchant = await channelMerchantOf(db, o.merchantId);
        await adapter.closePayment(o.orderNo, merchant);
        const outcome = await adapter.queryPayment(o.orderNo, merchant);
        if (outcome?.result === 'SUCCESS') await applyPaymentNotice(db, outcome, settings, channels, now);
        else if (await closeOrder(db, o, settings, now)) closed++;
      } catch {
        // The channel did not answer (logged by its wrapper): the order waits for the next pass.
      }
    },
    opts.stopped,
  );
  return closed;
}
