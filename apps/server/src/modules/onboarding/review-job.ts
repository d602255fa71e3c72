import type { FastifyPluginAsync } from 'fastify';
import { systemActor } from '../../actor.ts';
import type { ModuleContext } from '../../module.ts';
import { periodicJob } from '../../periodic-job.ts';
import { reviewDue, type Decision } from './review.service.ts';

const BATCH = 20;

/**
 * The sandbox's reviewer (MCHWEB_AUTO_REVIEW=approve|reject): every little while, decide the applications
 * submitted at least MCHWEB_AUTO_REVIEW_DELAY_MS ago. It runs in every server process; the database decides who
 * reviews what (SKIP LOCKED rows), never a flag in memory.
 */
const sandboxReview: FastifyPluginAsync<ModuleContext> = async (app, { config }) => {
  if (config.autoReview === 'off') return;
  const decision: Decision =
    config.autoReview === 'approve'
      ? { approve: true }
      : { approve: false, reason: '沙箱自动审核：驳回（MCHWEB_AUTO_REVIEW=reject） / Sandbox review: rejected' };
  const actor = systemActor('sandbox:review');
  const everyMs = Math.min(1000, Math.max(50, Math.floor(config.autoReviewDelayMs / 2)));
  const job = periodicJob(app, 'sandbox review', everyMs, async () => {
    let decided: number;
    do {
      decided = await reviewDue(app.db, actor, { decision, delayMs: config.autoReviewDelayMs, limit: BATCH });
      // A merchant was created: getCurrentUser's cached merchant lists of this process must not hide it.
      if (decided > 0) app.accessCache.invalidate();
    } while (decided === BATCH && !job.stopped());
  });
};
export default sandboxReview;
