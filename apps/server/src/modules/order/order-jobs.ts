import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ModuleContext } from '../../module.ts';
import { periodicJob } from '../../periodic-job.ts';
import { closeExpiredOrders } from './payment-notice.service.ts';
import { finishRefund } from './refund.service.ts';
import { refunds } from './order.tables.ts';

const CLOSE_EVERY_MS = 30_000;

/** Answer the refunds asked for at least `delayMs` ago, as the sandbox refund channel would. */
export async function answerDueRefunds(db: Db, result: 'SUCCESS' | 'FAILED', delayMs: number, tz: string) {
  const due = await db
    .select({ refundNo: refunds.refundNo })
    .from(refunds)
    .where(and(eq(refunds.status, 'PROCESSING'), lt(refunds.createdAt, new Date(Date.now() - delayMs))))
    .orderBy(asc(refunds.createdAt))
    .limit(100);
  // finishRefund changes only a PROCESSING refund, so a second process answering the same one changes nothing.
  for (const { refundNo } of due) {
    await finishRefund(db, { refundNo, result, failReason: 'Sandbox: refund refused / 沙箱：退款被拒' }, { tz });
  }
  return due.length;
}

/**
 * The order module's jobs, in every process: close PENDING orders after 15 minutes (every 30 s), and in the
 * sandbox answer refunds like a channel (MCHWEB_SANDBOX_REFUND).
 */
const orderJobs: FastifyPluginAsync<ModuleContext> = async (app, { config }) => {
  const settings = { tz: config.timezone };
  const closer = periodicJob(app, 'close unpaid orders', CLOSE_EVERY_MS, async () => {
    while ((await closeExpiredOrders(app.db, settings)) > 0 && !closer.stopped());
  });
  if (config.sandboxRefund !== 'off') {
    const result = config.sandboxRefund === 'success' ? 'SUCCESS' : 'FAILED';
    const everyMs = Math.min(1000, Math.max(50, Math.floor(config.sandboxRefundDelayMs / 2)));
    periodicJob(app, 'sandbox refunds', everyMs, async () => {
      await answerDueRefunds(app.db, result, config.sandboxRefundDelayMs, config.timezone);
    });
  }
};
export default orderJobs;
