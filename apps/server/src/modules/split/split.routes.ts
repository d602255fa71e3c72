import type { FastifyPluginAsync } from 'fastify';
import { splitEndpoints as ep } from '@mchweb/contract';
import { systemActor } from '../../actor.ts';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { periodicJob } from '../../periodic-job.ts';
import { route } from '../../route.ts';
import { applySplit, cancelSplit, listSplits, reviewSplit, splitDetail, submittedBefore } from './split.service.ts';

/** Profit-sharing applications of the current organisation (/div-account). */
export const splitRoutes: FastifyPluginAsync<ModuleContext> = async (app) => {
  route(app, ep.apply, async (request) => ok(await applySplit(app.db, request.actor, request.body)));
  route(app, ep.list, async (request) => ok(await listSplits(app.db, request.actor, request.body)));
  route(app, ep.detail, async (request) => ok(await splitDetail(app.db, request.actor, request.query.applyNo)));
  route(app, ep.cancel, async (request) => ok(await cancelSplit(app.db, request.actor, request.body.applyNo)));
};

/** The sandbox's reviewer of profit-sharing applications (MCHWEB_AUTO_REVIEW, as for onboarding). */
export const splitReviewJob: FastifyPluginAsync<ModuleContext> = async (app, { config }) => {
  if (config.autoReview === 'off') return;
  const actor = systemActor('sandbox:review');
  const decision =
    config.autoReview === 'approve'
      ? ({ approve: true } as const)
      : ({ approve: false, reason: '沙箱自动审核：驳回 / Sandbox review: rejected' } as const);
  const everyMs = Math.min(1000, Math.max(50, Math.floor(config.autoReviewDelayMs / 2)));
  periodicJob(app, 'sandbox split review', everyMs, async () => {
    for (const applyNo of await submittedBefore(app.db, config.autoReviewDelayMs)) {
      // Another process may have decided it first: its answer stands.
      await reviewSplit(app.db, actor, applyNo, decision, config.timezone).catch(() => undefined);
    }
  });
};
