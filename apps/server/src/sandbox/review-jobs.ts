import { systemActor } from '../actor.ts';
import type { Job } from '../jobs.ts';
import type { ModuleContext } from '../module.ts';
import { reviewDue, type Decision } from '../modules/onboarding/index.ts';
import { countOperators } from '../modules/operator/index.ts';
import { reviewSplit, submittedBefore } from '../modules/split/index.ts';

const BATCH = 20;

/**
 * The sandbox's reviewer (MCHWEB_AUTO_REVIEW=approve|reject): every little while, decide the onboarding and
 * profit-sharing applications submitted at least MCHWEB_AUTO_REVIEW_DELAY_MS ago. It stands down for good once
 * an operator of the console exists (issue 28): people review then, and an application must wait for them. It runs in every server process;
 * the database decides who reviews what (SKIP LOCKED rows, a decision only from SUBMITTED), never a flag in memory.
 */
export function reviewJobs({ config }: ModuleContext): Job[] {
  if (config.autoReview === 'off') return [];
  const approve = config.autoReview === 'approve';
  const actor = systemActor('sandbox:review');
  // Operators review once one exists; remembered by this app, as operators are never deleted (only disabled).
  let operatorSeen = false;
  const operatorsReview = async (db: Parameters<typeof countOperators>[0]) =>
    (operatorSeen ||= (await countOperators(db)) > 0);
  const everyMs = Math.min(1000, Math.max(50, Math.floor(config.autoReviewDelayMs / 2)));
  const decision: Decision = approve
    ? { approve: true }
    : { approve: false, reason: '沙箱自动审核：驳回（MCHWEB_AUTO_REVIEW=reject） / Sandbox review: rejected' };
  const splitDecision = approve
    ? ({ approve: true } as const)
    : ({ approve: false, reason: '沙箱自动审核：驳回 / Sandbox review: rejected' } as const);
  return [
    {
      name: 'sandbox review',
      schedule: { everyMs },
      lock: 'rows',
      async run({ db, accessCache, stopped }) {
        if (await operatorsReview(db)) return;
        let decided: number;
        do {
          decided = await reviewDue(db, actor, { decision, delayMs: config.autoReviewDelayMs, limit: BATCH });
          // A merchant was created: getCurrentUser's cached merchant lists of this process must not hide it.
          if (decided > 0) accessCache.invalidate();
        } while (decided === BATCH && !stopped());
      },
    },
    {
      name: 'sandbox split review',
      schedule: { everyMs },
      lock: 'rows',
      async run({ db }) {
        if (await operatorsReview(db)) return;
        for (const applyNo of await submittedBefore(db, config.autoReviewDelayMs)) {
          // Another process may have decided it first: its answer stands.
          await reviewSplit(db, actor, applyNo, splitDecision, config.timezone).catch(() => undefined);
        }
      },
    },
  ];
}
