import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Channel } from '@mchweb/contract';
import { availabilityOf, type Channels } from '../../channels.ts';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs.ts';
import { forEachPage } from '../../keyset.ts';
import type { ModuleContext } from '../../module.ts';
import { channelMerchantOf } from '../merchant/index.ts';
import type { PaySettings } from './cashier.service.ts';
import { applyPaymentNotice, closeExpiredOrders } from './payment-notice.service.ts';
import { finishRefund } from './refund.service.ts';
import { refundsOrder } from './order-keys.ts';
import { orders, refunds } from './order.tables.ts';

const CLOSE_EVERY_MS = 30_000;
/** How often, and after how long, payments and refunds still waiting are asked of their channel. */
const QUERY_EVERY_MS = 60_000;
const QUERY_AFTER_MS = 60_000;
/** A refund its channel does not know of (the ask was lost) is asked again for this long. */
const REASK_REFUNDS_FOR_MS = 24 * 3_600_000;
const PAGE = 100;

/** Refunds still PROCESSING asked for at least `delayMs` ago, oldest first (a channel that answers late). */
export async function refundsWaitingSince(db: Db, delayMs: number, limit = 100): Promise<string[]> {
  const due = await db
    .select({ refundNo: refunds.refundNo })
    .from(refunds)
    .where(and(eq(refunds.status, 'PROCESSING'), lt(refunds.createdAt, new Date(Date.now() - delayMs))))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
  return due.map((r) => r.refundNo);
}

/**
 * Ask a LIVE channel (a real adapter) about payments and refunds still waiting for it, in case their notice was
 * lost: a notice and a query may come in any order or not at all, and each outcome is applied once
 * (applyPaymentNotice, finishRefund). A refund the channel does not know of was never received: asked again
 * (same out_refund_no, so the same refund). Simulated and unconnected channels are not asked.
 * Every waiting row is asked, page by page (forEachPage).
 */
export async function queryWaiting(
  db: Db,
  settings: PaySettings,
  channels: Channels,
  now = new Date(),
  opts: { stopped?: () => boolean } = {},
) {
  const since = new Date(now.getTime() - QUERY_AFTER_MS);
  const pending = (afterId: number) =>
    db
      .select({ id: orders.id, orderNo: orders.orderNo, channel: orders.channel, merchantId: orders.merchantId })
      .from(orders)
      .where(and(eq(orders.status, 'PENDING'), lt(orders.createdAt, since), gt(orders.id, afterId)))
      .orderBy(asc(orders.id))
      .limit(PAGE);
  await forEachPage(
    PAGE,
    pending,
    async (o) => {
      const adapter = channels.payment(o.channel as Channel);
      const merchant = await channelMerchantOf(db, o.merchantId);
      if (availabilityOf(adapter, merchant) !== 'LIVE') return;
      try {
        const outcome = await adapter.queryPayment(o.orderNo, merchant);
        if (outcome) await applyPaymentNotice(db, outcome, settings, channels, now);
      } catch {
        // Logged by the channel's wrapper; asked again next pass.
      }
    },
    opts.stopped,
  );
  const waiting = (afterId: number) =>
    db
      .select({
        id: refunds.id,
        refundNo: refunds.refundNo,
        createdAt: refunds.createdAt,
        amountFen: refunds.amountFen,
        reason: refunds.reason,
        orderNo: orders.orderNo,
        totalFen: orders.amountFen,
        channel: orders.channel,
        merchantId: orders.merchantId,
      })
      .from(refunds)
      .innerJoin(orders, refundsOrder)
      .where(
        and(
          eq(refunds.status, 'PROCESSING'),
          lt(refunds.createdAt, since),
          gt(refunds.createdAt, new Date(now.getTime() - 30 * 86_400_000)),
          gt(refunds.id, afterId),
        ),
      )
      .orderBy(asc(refunds.id))
      .limit(PAGE);
  await forEachPage(
    PAGE,
    waiting,
    async (r) => {
      const adapter = channels.payment(r.channel as Channel);
      const merchant = await channelMerchantOf(db, r.merchantId);
      if (availabilityOf(adapter, merchant) !== 'LIVE') return;
      try {
        const outcome = await adapter.queryRefund(r.refundNo, merchant, r.orderNo);
        if (outcome) await finishRefund(db, outcome, settings, now);
        else if (now.getTime() - r.createdAt.getTime() < REASK_REFUNDS_FOR_MS) await adapter.refund({ ...r, merchant });
      } catch {
        // Logged by the channel's wrapper; asked again next pass.
      }
    },
    opts.stopped,
  );
}

/**
 * The order module's jobs, in every process: close PENDING orders after 15 minutes (every 30 s; at their channel
 * first), and ask real channels about payments and refunds whose notice has not come (every minute).
 */
export const orderJobs = ({ config, channels }: ModuleContext): Job[] => [
  {
    name: 'close unpaid orders',
    schedule: { everyMs: CLOSE_EVERY_MS },
    lock: 'rows',
    async run({ db, stopped }) {
      await closeExpiredOrders(db, { tz: config.timezone }, channels, new Date(), { stopped });
    },
  },
  {
    name: 'ask channels about waiting payments and refunds',
    schedule: { everyMs: QUERY_EVERY_MS },
    lock: 'rows',
    run: ({ db, stopped }) => queryWaiting(db, { tz: config.timezone }, channels, new Date(), { stopped }),
  },
];
