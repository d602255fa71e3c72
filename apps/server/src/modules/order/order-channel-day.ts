import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Channel } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { refundsOrder } from './order-keys.ts';
import { orders, refunds } from './order.tables.ts';

/** A payment (positive) or a successful refund (negative, with its number) as our side knows it. */
export interface ChannelDayLine {
  orderNo: string;
  refundNo?: string;
  channelTradeNo: string;
  amountFen: number;
  at: Date;
}

/**
 * What a channel moved for us in [start, end), as our tables say: orders paid through it (at their payment time)
 * and its refunds that succeeded (when they did). This is the side a channel's statement is held against; the
 * sandbox channel answers it as its own statement.
 */
export async function channelDayLines(db: Tx, channel: Channel, start: Date, end: Date): Promise<ChannelDayLine[]> {
  const paid = await db
    .select({ orderNo: orders.orderNo, tradeNo: orders.channelTradeNo, amountFen: orders.amountFen, at: orders.paidAt })
    .from(orders)
    .where(and(eq(orders.channel, channel), gte(orders.paidAt, start), lt(orders.paidAt, end)));
  const refunded = await db
    .select({
      orderNo: orders.orderNo,
      refundNo: refunds.refundNo,
      tradeNo: orders.channelTradeNo,
      amountFen: refunds.amountFen,
      at: refunds.finishedAt,
    })
    .from(refunds)
    .innerJoin(orders, refundsOrder)
    .where(
      and(
        eq(orders.channel, channel),
        eq(refunds.status, 'SUCCESS'),
        gte(refunds.finishedAt, start),
        lt(refunds.finishedAt, end),
      ),
    );
  return [
    ...paid.map((p) => ({ orderNo: p.orderNo, channelTradeNo: p.tradeNo ?? '', amountFen: p.amountFen, at: p.at! })),
    ...refunded.map((r) => ({
      orderNo: r.orderNo,
      refundNo: r.refundNo,
      channelTradeNo: r.tradeNo ?? '',
      amountFen: -r.amountFen,
      at: r.at!,
    })),
  ];
}

/** Orders and refunds by number, as a statement's lines name them (reconciliation). */
export async function paymentsByNo(db: Tx, orderNos: string[], refundNos: string[]) {
  const found = {
    orders: new Map<
      string,
      {
        companyId: number;
        channel: string;
        status: string;
        amountFen: number;
        channelTradeNo: string | null;
        paidAt: Date | null;
      }
    >(),
    refunds: new Map<string, { companyId: number; orderNo: string; status: string; amountFen: number }>(),
  };
  if (orderNos.length > 0) {
    const rows = await db
      .select({
        orderNo: orders.orderNo,
        companyId: orders.companyId,
        channel: orders.channel,
        status: orders.status,
        amountFen: orders.amountFen,
        channelTradeNo: orders.channelTradeNo,
        paidAt: orders.paidAt,
      })
      .from(orders)
      .where(inArray(orders.orderNo, orderNos));
    for (const { orderNo, ...o } of rows) found.orders.set(orderNo, o);
  }
  if (refundNos.length > 0) {
    const rows = await db
      .select({
        refundNo: refunds.refundNo,
        companyId: refunds.companyId,
        orderNo: orders.orderNo,
        status: refunds.status,
        amountFen: refunds.amountFen,
      })
      .from(refunds)
      .innerJoin(orders, refundsOrder)
      .where(inArray(refunds.refundNo, refundNos));
    for (const { refundNo, ...r } of rows) found.refunds.set(refundNo, r);
  }
  return found;
}
