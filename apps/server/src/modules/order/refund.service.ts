import { and, eq } from 'drizzle-orm';
import { feeRefundOf, type Channel, type OrderStatus, type RefundStatus } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import type { Channels } from '../../channels.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { covers, inScope } from '../../merchant-scope.ts';
import { countRefund } from '../../metrics.ts';
import { recordAudit } from '../audit/index.ts';
import { channelMerchantOf } from '../merchant/index.ts';
import { refundFailed, refundHeld } from '../ledger/index.ts';
import { recordEvent, refundData } from '../webhook/index.ts';
import type { PaySettings } from './cashier.service.ts';
import { ORDER } from './order.messages.ts';
import { businessNo, createOnce, requestHash } from '../../business-no.ts';
import { recountOrder } from './order-stats.ts';
import { lockOrder } from './order-lock.ts';
import { orderIs, refundsOrder } from './order-keys.ts';
import { orders, refunds } from './order.tables.ts';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;
/** The statuses whose orders may be refunded. */
export const REFUNDABLE: readonly string[] = ['SUCCESS', 'PARTIAL_REFUNDED'];

/** What may still be refunded: the amount less refunds that succeeded or are still processing. */
export const refundableOf = (o: Pick<OrderRow, 'status' | 'amountFen' | 'refundedFen' | 'refundingFen'>) =>
  REFUNDABLE.includes(o.status) ? o.amountFen - o.refundedFen - o.refundingFen : 0;

export interface RefundRequest {
  orderNo: string;
  amountFen: number;
  reason: string;
  idempotencyKey: string;
}
export interface RefundResult {
  refundNo: string;
  status: RefundStatus;
  orderStatus: OrderStatus;
}

/**
 * Debit the merchant for a refund (the ledger's `refundHeld`: all from pending, refused when pending and available
 * together do not cover it).
 */
const postRefund = (tx: Tx, order: OrderRow, refund: RefundRow) =>
  refundHeld(tx, {
    refundNo: refund.refundNo,
    companyId: order.companyId,
    merchantId: order.merchantId,
    channel: order.channel as Channel,
    amountFen: refund.amountFen,
    feeRefundFen: refund.feeRefundFen,
    at: refund.createdAt,
    short: () => ORDER.balanceShort,
  });

/**
 * A PROCESSING refund of a locked order: the refund row, the order's refunding figures and the merchant's debit
 * (the ledger's refundHeld), all in the caller's transaction. The caller has checked the amount is refundable.
 */
export async function holdRefund(
  tx: Tx,
  before: OrderRow,
  input: { amountFen: number; reason: string; idempotencyKey: string; requestHash: string; createdBy: number | null },
): Promise<RefundRow> {
  const feeRefundFen = feeRefundOf(
    before,
    {
      refundedFen: before.refundedFen + before.refundingFen,
      feeRefundedFen: before.feeRefundedFen + before.feeRefundingFen,
    },
    input.amountFen,
  );
  const [refund] = await tx
    .insert(refunds)
    .values({
      refundNo: businessNo('R'),
      companyId: before.companyId,
      orderId: before.id,
      orderCreatedAt: before.createdAt,
      amountFen: input.amountFen,
      feeRefundFen,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
      requestHash: input.requestHash,
      createdBy: input.createdBy,
    })
    .returning();
  await tx
    .update(orders)
    .set({
      refundingFen: before.refundingFen + input.amountFen,
      feeRefundingFen: before.feeRefundingFen + feeRefundFen,
    })
    .where(orderIs(before));
  await postRefund(tx, before, refund!);
  return refund!;
}

/**
 * `POST /order/refund`: a PROCESSING refund of part or all of what is left, its money taken from the merchant at
 * once (so two refunds can never spend the same balance), then asked of the order's channel, which answers later
 * (a notice or a query: finishRefund). Our refund number is the channel's out_refund_no. The order row
 * is locked while deciding, so concurrent refunds of one order take turns and never exceed what is left. The same
 * key and body answer the first refund; the same key with another body is refused.
 */
export async function requestRefund(db: Db, actor: Actor, input: RefundRequest, channels: Channels) {
  const { companyId, merchantIds } = requireMember(actor);
  const hash = requestHash({ orderNo: input.orderNo, amountFen: input.amountFen, reason: input.reason });
  const earlier = async (): Promise<RefundResult | null> => {
    const [row] = await db
      .select({ refund: refunds, orderStatus: orders.status, merchantId: orders.merchantId })
      .from(refunds)
      .innerJoin(orders, refundsOrder)
      .where(and(eq(refunds.companyId, companyId), eq(refunds.idempotencyKey, input.idempotencyKey)));
    if (!row) return null;
    // A refund of an order outside the member's merchant scope: that order is not found for this member.
    if (!covers(merchantIds, row.merchantId)) throw notFound(ORDER.orderNotFound);
    if (row.refund.requestHash !== hash) throw conflict(ORDER.keyReused);
    return {
      refundNo: row.refund.refundNo,
      status: row.refund.status as RefundStatus,
      orderStatus: row.orderStatus as OrderStatus,
    };
  };
  const found = await earlier();
  if (found) return found;
  let asked = undefined as { channel: Channel; totalFen: number; merchantId: number } | undefined;
  const result = await createOnce(
    () =>
      db.transaction(async (tx) => {
        const before = await lockOrder(
          tx,
          and(
            eq(orders.orderNo, input.orderNo),
            eq(orders.companyId, companyId),
            inScope(orders.merchantId, merchantIds),
          )!,
        );
        if (!before) throw notFound(ORDER.orderNotFound);
        if (!REFUNDABLE.includes(before.status)) throw conflict(ORDER.notRefundable(before.status));
        const refundable = refundableOf(before);
        if (input.amountFen > refundable) throw conflict(ORDER.overRefund(refundable));
        const refund = await holdRefund(tx, before, {
          amountFen: input.amountFen,
          reason: input.reason,
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
          createdBy: actor.userId,
        });
        asked = { channel: before.channel as Channel, totalFen: before.amountFen, merchantId: before.merchantId };
        await recordAudit(tx, actor, {
          action: 'order.refund',
          targetType: 'order',
          targetId: before.orderNo,
          detail: { refundNo: refund.refundNo, amountFen: input.amountFen, reason: input.reason },
        });
        return { refundNo: refund.refundNo, status: 'PROCESSING' as const, orderStatus: before.status as OrderStatus };
      }),
    earlier,
  );
  // Asked once the money is held and stored (a refund the database refused is never asked of the channel).
  if (asked) {
    await channels.payment(asked.channel).refund({
      orderNo: input.orderNo,
      merchant: await channelMerchantOf(db, asked.merchantId),
      refundNo: result.refundNo,
      amountFen: input.amountFen,
      totalFen: asked.totalFen,
      reason: input.reason,
    });
  }
  return result;
}

/**
 * The refund channel's answer. Only a PROCESSING refund changes. SUCCESS: the order counts it as refunded and
 * becomes PARTIAL_REFUNDED or REFUNDED. FAILED: its money goes back exactly where it came from (the refund's
 * ledger transaction reversed) and the order may be refunded again.
 */
export async function finishRefund(
  db: Db,
  input: { refundNo: string; result: 'SUCCESS' | 'FAILED'; failReason?: string },
  settings: PaySettings,
  now = new Date(),
): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const [head] = await tx.select().from(refunds).where(eq(refunds.refundNo, input.refundNo));
    if (!head) throw notFound(ORDER.orderNotFound);
    // The order first, then the refund: the same lock order as requestRefund.
    const before = (await lockOrder(tx, orderIs({ id: head.orderId, createdAt: head.orderCreatedAt })))!;
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, head.id)).for('update');
    if (refund!.status !== 'PROCESSING') return refund!;
    const succeeded = input.result === 'SUCCESS';
    const refundedFen = before.refundedFen + (succeeded ? refund!.amountFen : 0);
    const [after] = await tx
      .update(orders)
      .set({
        refundingFen: before.refundingFen - refund!.amountFen,
        feeRefundingFen: before.feeRefundingFen - refund!.feeRefundFen,
        refundedFen,
        feeRefundedFen: before.feeRefundedFen + (succeeded ? refund!.feeRefundFen : 0),
        status: !succeeded ? before.status : refundedFen === before.amountFen ? 'REFUNDED' : 'PARTIAL_REFUNDED',
      })
      .where(orderIs(before))
      .returning();
    const [finished] = await tx
      .update(refunds)
      .set({
        status: input.result,
        finishedAt: now,
        failReason: succeeded ? null : (input.failReason ?? 'Refused by the channel / 渠道拒绝退款'),
      })
      .where(eq(refunds.id, refund!.id))
      .returning();
    if (!succeeded) {
      await refundFailed(tx, { refundNo: refund!.refundNo, companyId: before.companyId, at: now });
    }
    await recountOrder(tx, before, after!, settings.tz);
    await recordEvent(tx, {
      companyId: before.companyId,
      merchantId: before.merchantId,
      type: succeeded ? 'refund.succeeded' : 'refund.failed',
      data: refundData(finished!, before.orderNo),
      occurredAt: now,
    });
    countRefund(before.channel, input.result);
    return finished!;
  });
}
