import { and, eq, isNull } from 'drizzle-orm';
import {
  feeOf,
  type Channel,
  type OrderStatus,
  type V1Payment,
  type V1Refund,
  type RefundStatus,
} from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import { availabilityOf, type Channels } from '../../channels.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { covers, inScope } from '../../merchant-scope.ts';
import { businessNo, requestHash } from '../../business-no.ts';
import {
  assertMerchantCanTakePayments,
  channelMerchantOf,
  merchantForPayment,
  merchantIdByNo,
} from '../merchant/index.ts';
import { assertPayable, expiryOf, type PaySettings } from './cashier.service.ts';
import { ORDER } from './order.messages.ts';
import { recountOrder } from './order-stats.ts';
import { refundableOf } from './refund.service.ts';
import { insertOrder, ordersByKey, refundsOrder } from './order-keys.ts';
import { orderKeys, orders, refunds } from './order.tables.ts';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

export function paymentView(o: OrderRow, merchant: { mchNo: string; name: string }): V1Payment {
  return {
    orderNo: o.orderNo,
    mchNo: merchant.mchNo,
    mchName: merchant.name,
    channel: o.channel as Channel,
    status: o.status as OrderStatus,
    amountFen: o.amountFen,
    // The fee is fixed when the order is made but charged only if it is paid.
    feeFen: o.paidAt ? o.feeFen : 0,
    refundedFen: o.refundedFen,
    refundableFen: refundableOf(o),
    description: o.label,
    metadata: o.metadata ?? null,
    codeNo: o.codeNo,
    channelTradeNo: o.channelTradeNo,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    closedAt: o.closedAt?.toISOString() ?? null,
    expiresAt: expiryOf(o).toISOString(),
  };
}

export const refundView = (r: RefundRow, orderNo: string): V1Refund => ({
  refundNo: r.refundNo,
  orderNo,
  status: r.status as RefundStatus,
  amountFen: r.amountFen,
  feeRefundFen: r.feeRefundFen,
  reason: r.reason,
  failReason: r.failReason,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

export interface NewApiPayment {
  mchNo: string;
  amountFen: number;
  channel: Channel;
  description: string;
  metadata?: Record<string, string> | undefined;
  expiresInMinutes?: number | undefined;
  /** The caller's idempotency key, kept on the order (the merchant API answers retries from its own table). */
  idempotencyKey: string;
}

/**
 * A PENDING order made by a merchant's own system through the merchant API (issue 30): no payment code, for one
 * of the caller's merchants (another organisation's, or one outside the key's merchants, is not found), then
 * asked of its channel like the cashier's (`createPayment`). Answers the order and what the channel asks of the
 * payer (`payerAction`: nothing from the sandbox).
 */
export async function createApiPayment(
  db: Db,
  actor: Actor,
  input: NewApiPayment,
  settings: PaySettings,
  channels: Channels,
): Promise<{ payment: V1Payment; payerAction: Record<string, string> }> {
  const { companyId, merchantIds } = requireMember(actor);
  const merchantId = await merchantIdByNo(db, input.mchNo);
  const merchant = merchantId === null ? null : await merchantForPayment(db, merchantId);
  if (!merchant || merchant.companyId !== companyId || !covers(merchantIds, merchant.id)) {
    throw notFound(ORDER.merchantNotFound(input.mchNo));
  }
  // The same call again after a fault (the merchant API keeps no answer for a 500): the order it made, if any,
  // asked of its channel again (our order number makes that the same payment there). The API's own key table
  // lets one request with a key run at a time, so no unique index is needed for this lookup.
  const [earlier] = await ordersByKey(
    db,
    and(eq(orders.companyId, companyId), isNull(orderKeys.codeNo), eq(orderKeys.idempotencyKey, input.idempotencyKey))!,
  );
  if (earlier) return { payment: paymentView(earlier, merchant), payerAction: await askChannel(db, channels, earlier) };
  await assertMerchantCanTakePayments(db, merchant.mchNo);
  const rate = merchant.rateTenths[input.channel];
  if (rate === undefined) throw conflict(ORDER.channelClosed);
  assertPayable(availabilityOf(channels.payment(input.channel), await channelMerchantOf(db, merchant.id)));
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    const created = await insertOrder(tx, {
      orderNo: businessNo('P', now),
      companyId,
      merchantId: merchant.id,
      label: input.description,
      channel: input.channel,
      amountFen: input.amountFen,
      rateTenths: rate,
      feeFen: feeOf(input.amountFen, rate),
      idempotencyKey: input.idempotencyKey,
      requestHash: requestHash({ ...input }),
      metadata: input.metadata ?? null,
      expiresAt: input.expiresInMinutes ? new Date(now.getTime() + input.expiresInMinutes * 60_000) : null,
      createdAt: now,
    });
    await recountOrder(tx, null, created, settings.tz);
    return created;
  });
  return { payment: paymentView(row, merchant), payerAction: await askChannel(db, channels, row) };
}

/** Ask the order's channel for its payment (once the order is stored); answers what the payer needs. */
async function askChannel(db: Db, channels: Channels, row: OrderRow): Promise<Record<string, string>> {
  const { payerAction } = await channels.payment(row.channel as Channel).createPayment({
    orderNo: row.orderNo,
    channel: row.channel as Channel,
    merchant: await channelMerchantOf(db, row.merchantId),
    amountFen: row.amountFen,
    description: row.label ?? row.orderNo,
    expiresAt: expiryOf(row),
  });
  return payerAction;
}

/** One order of the caller's merchants as the merchant API shows it; another's is not found. */
export async function apiPayment(db: Tx, actor: Actor, orderNo: string): Promise<V1Payment> {
  const { companyId, merchantIds } = requireMember(actor);
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.companyId, companyId), inScope(orders.merchantId, merchantIds)));
  if (!o) throw notFound(ORDER.orderNotFound);
  return paymentView(o, (await merchantForPayment(db, o.merchantId))!);
}

/** One refund of an order of the caller's merchants; another's is not found. */
export async function apiRefund(db: Tx, actor: Actor, refundNo: string): Promise<V1Refund> {
  const { companyId, merchantIds } = requireMember(actor);
  const [row] = await db
    .select({ refund: refunds, orderNo: orders.orderNo })
    .from(refunds)
    .innerJoin(orders, refundsOrder)
    .where(
      and(eq(refunds.refundNo, refundNo), eq(refunds.companyId, companyId), inScope(orders.merchantId, merchantIds)),
    );
  if (!row) throw notFound(ORDER.refundNotFound);
  return refundView(row.refund, row.orderNo);
}
