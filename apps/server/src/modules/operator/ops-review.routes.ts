import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROVIDER_RATE_BOUNDS,
  CHANNELS,
  opsEndpoints as ep,
  type ApplyStatus,
  type OnboardingQueueItem,
  type SplitQueueItem,
} from '@mchweb/contract';
import { requireOperator, type Actor } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { notFound, ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { companiesByIds, searchCompanies } from '../company/index.ts';
import { searchMerchants, setChannelAccounts } from '../merchant/index.ts';
import {
  applicationForReview,
  applicationQueue,
  assignApplication,
  findApplicationByNo,
  isDocumentOf,
  reviewApplication,
  sendUpload,
} from '../onboarding/index.ts';
import { openUpload } from '../upload/index.ts';
import { assignSplit, reviewSplit, splitForOps, splitQueue } from '../split/index.ts';
import { operatorActionsOn, recordOperatorAction } from './operator-audit.service.ts';
import { assigneeOf, operatorNames } from './operator-names.ts';
import { OPS } from './operator.messages.ts';

type ApplicationRow = Awaited<ReturnType<typeof findApplicationByNo>>;
const ageOf = (since: Date | null, now: number) =>
  since ? Math.max(0, Math.floor((now - since.getTime()) / 1000)) : 0;

/** Organisations whose name matches the search text: their applications and merchants match too. */
async function companyIdsMatching(db: Tx, q: string | undefined) {
  if (!q) return undefined;
  return (await searchCompanies(db, { q, limit: 100 })).rows.map((c) => c.companyId);
}

async function queueItems(db: Tx, rows: (ApplicationRow & { submissions: number })[]): Promise<OnboardingQueueItem[]> {
  const companies = await companiesByIds(
    db,
    rows.map((r) => r.companyId),
  );
  const names = await operatorNames(
    db,
    rows.map((r) => r.assignedTo),
  );
  const now = Date.now();
  return rows.map((r) => ({
    applyNo: r.applyNo,
    status: r.status as ApplyStatus,
    companyId: r.companyId,
    companyName: companies.get(r.companyId)?.name ?? '',
    type: r.subjectType as OnboardingQueueItem['type'],
    name: r.subjectName,
    shortName: r.subjectShortName,
    source: r.source as OnboardingQueueItem['source'],
    submittedAt: r.submittedAt?.toISOString() ?? null,
    ageSeconds: ageOf(r.submittedAt, now),
    submissions: r.submissions,
    assignee: assigneeOf(names, r.assignedTo),
    rejectReason: r.status === 'REJECTED' ? r.rejectReason : null,
    mchNo: r.mchNo,
  }));
}

/** What the audit log keeps of an application's review state. */
const reviewState = (r: ApplicationRow) => ({
  status: r.status,
  assignedTo: r.assignedTo,
  mchNo: r.mchNo,
  rejectReason: r.rejectReason,
  rejectFields: r.rejectFields,
});

/** The work queues of onboarding and profit-sharing applications, and their decisions. */
export const opsReviewRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { storage, config }) => {
  route(app, ep.onboardingQueue, async (request) => {
    const me = requireOperator(request.actor);
    const f = request.body;
    const page = await applicationQueue(app.db, me.operatorId, {
      ...f,
      companyIds: await companyIdsMatching(app.db, f.q),
    });
    return ok({ ...page, rows: await queueItems(app.db, page.rows) });
  });

  route(app, ep.onboardingAssign, async (request) => {
    const me = requireOperator(request.actor);
    const after = await app.db.transaction(async (tx) => {
      const done = await assignApplication(
        tx,
        request.actor,
        request.body.applyNo,
        request.body.to === 'me' ? me.operatorId : null,
      );
      await recordOperatorAction(tx, request.actor, {
        action: request.body.to === 'me' ? 'onboarding.assign' : 'onboarding.unassign',
        targetType: 'application',
        targetId: request.body.applyNo,
        before: { assignedTo: done.before.assignedTo },
        after: { assignedTo: done.after.assignedTo },
      });
      return done.after;
    });
    const [item] = await queueItems(app.db, [{ ...after, submissions: 0 }]);
    return ok(item!);
  });

  route(app, ep.onboardingDetail, async (request) => {
    const { row, documents, history } = await applicationForReview(app.db, request.query.applyNo);
    const [item] = await queueItems(app.db, [
      { ...row, submissions: history.filter((e) => e.event === 'SUBMITTED' || e.event === 'RESUBMITTED').length },
    ]);
    const companies = await companiesByIds(app.db, [row.companyId]);
    return ok({
      ...item!,
      companyStatus: companies.get(row.companyId)?.status ?? 'ACTIVE',
      application: row.draft,
      documents: documents.map((d) => ({
        kind: d.kind,
        fileId: d.meta.fileId,
        url: `/api/ops/onboarding/file/${d.meta.fileId}?applyNo=${row.applyNo}`,
        name: d.meta.originalName,
        mime: d.meta.contentType,
        size: d.meta.size,
      })),
      history: history.map((e) => ({ ...e, fields: e.fields ?? null })),
      rejectFields: row.status === 'REJECTED' ? row.rejectFields : null,
      rateBounds: CHANNELS.map((channel) => ({ channel, ...PROVIDER_RATE_BOUNDS[channel] })),
    });
  });

  route(app, ep.onboardingFile, async (request, reply) => {
    const row = await findApplicationByNo(app.db, request.query.applyNo);
    if (!isDocumentOf(row, request.params.fileId)) throw notFound(OPS.fileNotInApplication);
    const found = await openUpload(app.db, storage, request.params.fileId);
    if (!found || found.meta.companyId !== row.companyId) {
      found?.stream.destroy();
      throw notFound(OPS.fileNotInApplication);
    }
    // Inline, PDF too: the console shows the documents in its viewer.
    return sendUpload(reply, found, { inline: true });
  });

  route(app, ep.onboardingApprove, async (request) => {
    const { applyNo, rates, channelAccounts, note } = request.body;
    const done = await reviewApplication(
      app.db,
      request.actor,
      applyNo,
      {
        approve: true,
        ...(rates ? { rates } : {}),
        ...(channelAccounts && {
          then: async (tx: Tx, mchNo: string) =>
            void (await setChannelAccounts(tx, request.actor, mchNo, channelAccounts)),
        }),
      },
      (tx, before, after) =>
        recordOperatorAction(tx, request.actor, {
          action: 'onboarding.approve',
          targetType: 'application',
          targetId: applyNo,
          before: reviewState(before),
          after: {
            ...reviewState(after),
            rates: rates ?? null,
            channelAccounts: channelAccounts
              ? { ...channelAccounts, alipayAppAuthToken: channelAccounts.alipayAppAuthToken ? '[set]' : null }
              : null,
          },
          reason: note,
        }),
    );
    return ok({ applyNo, status: done.status, mchNo: done.mchNo });
  });

  route(app, ep.onboardingReject, async (request) => {
    const { applyNo, fields, note } = request.body;
    // The reason the merchant's list and the command line show: the note, else each field's reason in a line.
    const reason = note || fields.map((f) => `${f.field}: ${f.reason}`).join('; ');
    const done = await reviewApplication(
      app.db,
      request.actor,
      applyNo,
      { approve: false, reason, fields },
      (tx, before, after) =>
        recordOperatorAction(tx, request.actor, {
          action: 'onboarding.reject',
          targetType: 'application',
          targetId: applyNo,
          before: reviewState(before),
          after: reviewState(after),
          reason: note,
        }),
    );
    return ok({ applyNo, status: done.status, mchNo: done.mchNo });
  });

  // ---- profit sharing ----
  const splitItems = async (rows: Awaited<ReturnType<typeof splitQueue>>['rows']): Promise<SplitQueueItem[]> => {
    const companies = await companiesByIds(
      app.db,
      rows.map((r) => r.row.companyId),
    );
    const names = await operatorNames(
      app.db,
      rows.map((r) => r.row.assignedTo),
    );
    const now = Date.now();
    return rows.map(({ row, item }) => ({
      applyNo: item.applyNo,
      status: item.status,
      companyId: row.companyId,
      companyName: companies.get(row.companyId)?.name ?? '',
      mchNo: item.mchNo,
      mchName: item.mchName,
      totalRatio: item.totalRatio,
      receivers: item.receivers,
      remark: item.remark,
      createdAt: item.createdAt,
      ageSeconds: ageOf(row.createdAt, now),
      assignee: assigneeOf(names, row.assignedTo),
      rejectReason: item.rejectReason,
      effectiveFrom: item.effectiveFrom,
      decidedAt: item.decidedAt,
    }));
  };

  route(app, ep.splitQueue, async (request) => {
    const me = requireOperator(request.actor);
    const f = request.body;
    const merchantIds = f.q
      ? (
          await searchMerchants(app.db, { q: f.q, companyIds: await companyIdsMatching(app.db, f.q), limit: 100 })
        ).rows.map((m) => m.merchantId)
      : undefined;
    const page = await splitQueue(app.db, me.operatorId, { ...f, merchantIds });
    return ok({ ...page, rows: await splitItems(page.rows) });
  });

  route(app, ep.splitAssign, async (request) => {
    const me = requireOperator(request.actor);
    const { applyNo, to } = request.body;
    await app.db.transaction(async (tx) => {
      const done = await assignSplit(tx, applyNo, to === 'me' ? me.operatorId : null);
      await recordOperatorAction(tx, request.actor, {
        action: to === 'me' ? 'split.assign' : 'split.unassign',
        targetType: 'split',
        targetId: applyNo,
        before: { assignedTo: done.before.assignedTo },
        after: { assignedTo: done.after.assignedTo },
      });
    });
    const [item] = await splitItems([await splitForOps(app.db, applyNo)]);
    return ok(item!);
  });

  route(app, ep.splitDetail, async (request) => {
    const found = await splitForOps(app.db, request.query.applyNo);
    const [item] = await splitItems([found]);
    return ok({ ...item!, history: await operatorActionsOn(app.db, 'split', [found.item.applyNo]) });
  });

  const decideSplit = async (actor: Actor, applyNo: string, approve: boolean, reason: string | undefined) => {
    const decision = approve ? ({ approve: true } as const) : ({ approve: false, reason: reason! } as const);
    const done = await reviewSplit(app.db, actor, applyNo, decision, config.timezone, new Date(), (tx, before, after) =>
      recordOperatorAction(tx, actor, {
        action: approve ? 'split.approve' : 'split.reject',
        targetType: 'split',
        targetId: applyNo,
        before: { status: before.status },
        after: { status: after.status, effectiveFrom: after.effectiveFrom, rejectReason: after.rejectReason },
        reason,
      }),
    );
    return { applyNo, status: done.status as SplitQueueItem['status'] };
  };
  route(app, ep.splitApprove, async (request) =>
    ok(await decideSplit(request.actor, request.body.applyNo, true, request.body.note)),
  );
  route(app, ep.splitReject, async (request) =>
    ok(await decideSplit(request.actor, request.body.applyNo, false, request.body.reason)),
  );
};
