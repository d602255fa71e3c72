import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs.ts';
import type { ModuleContext } from '../../module.ts';
import { closeExpired } from './payment-notice.service.ts';
import { refunds } from './order.tables.ts';

const CLOSE_EVERY_MS = 30_000;

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
 * The order module's job, in every process: close PENDING orders after 15 minutes (every 30 s, SKIP LOCKED rows),
 * and tell their channel the payment is closed.
 */
export const orderJobs = ({ config, channels }: ModuleContext): Job[] => [
  {
    name: 'close unpaid orders',
    schedule: { everyMs: CLOSE_EVERY_MS },
    lock: 'rows',
    async run({ db, stopped }) {
      let closed;
      do {
        closed = await closeExpired(db, { tz: config.timezone });
        for (const o of closed) await channels.payment(o.channel).closePayment(o.orderNo);
      } while (closed.length > 0 && !stopped());
    },
  },
];
