import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { PAID_STATUSES } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { orderData, refundData, type WebhookEvent } from '../webhook/index.ts';
import { refundsOrder } from './order-keys.ts';
import { orders, refunds } from './order.tables.ts';

/**
 * The organisation's last `n` payments and successful refunds up to `until`, oldest first, as the events their
 * recipes write (`order.paid` when a payment notice pays an order, with the order as it was then; `refund.succeeded`
 * when a refund finishes): what an endpoint made before them would have been told. For history written without
 * events (the demo's orders are made in bulk), so that its webhook deliveries tell of real orders.
 */
export async function lastPaymentEvents(db: Tx, companyId: number, until: Date, n: number): Promise<WebhookEvent[]> {
  const paid = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.status, [...PAID_STATUSES]), lte(orders.paidAt, until)))
    .orderBy(desc(orders.paidAt))
    .limit(n);
  const refunded = await db
    .select({ refund: refunds, orderNo: orders.orderNo, merchantId: orders.merchantId })
    .from(refunds)
    .innerJoin(orders, refundsOrder)
    .where(and(eq(refunds.companyId, companyId), eq(refunds.status, 'SUCCESS'), lte(refunds.finishedAt, until)))
    .orderBy(desc(refunds.finishedAt))
    .limit(n);
  const events: WebhookEvent[] = [
    ...paid.map((o) => ({
      companyId,
      merchantId: o.merchantId,
      type: 'order.paid' as const,
      data: orderData({ ...o, status: 'SUCCESS', refundedFen: 0, closedAt: null }),
      occurredAt: o.paidAt!,
    })),
    ...refunded.map((r) => ({
      companyId,
      merchantId: r.merchantId,
      type: 'refund.succeeded' as const,
      data: refundData(r.refund, r.orderNo),
      occurredAt: r.refund.finishedAt!,
    })),
  ];
  return events
    .sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime())
    .slice(0, n)
    .reverse();
}
