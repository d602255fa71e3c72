import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { systemActor } from '../../actor.ts';
import { addDays, dayOf, dayStart } from '../../business-day.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Job } from '../../jobs.ts';
import type { ModuleContext, ReconcileCheck } from '../../module.ts';
import { NO_OUTCOME, reasonOf, type Queue, type QueueWorker } from '../../queue.ts';
import { reconcileDay } from '../../reconcile.ts';
import { merchantsMovedOn } from '../ledger/index.ts';
import { failedBefore, settleMerchantDay, settlementGivenUp, type SettleSettings } from './settle.service.ts';
import { settlementRuns, settlements } from './settlement.tables.ts';

/**
 * T+1 on the job queue (docs/decisions.md, "The job queue"): once the business day's clock passes
 * MCHWEB_SETTLE_AT, the daily job (every process looks each minute) only enqueues the day before: one job per
 * merchant-day, and the earlier FAILED ones again. Whichever processes take them settle them, a failure is
 * retried by pg-boss, and the last merchant job to finish enqueues the day's reconciliation.
 */
export const SETTLE_QUEUE = 'settlement.merchant-day';
export const RECONCILE_QUEUE = 'settlement.reconcile';
/** pg-boss's dead letters of SETTLE_QUEUE: merchant-days whose last try ended without our handler's outcome. */
export const SETTLE_GIVEN_UP_QUEUE = 'settlement.given-up';

export interface SettleJob {
  merchantId: number;
  day: string;
}
export interface ReconcileJob {
  day: string;
}

export interface SettlementQueueDeps {
  db: Db;
  queue: Queue;
  log: FastifyBaseLogger;
  settings: SettleSettings;
  settleAt: string | null;
  reconcileChecks: readonly ReconcileCheck[];
}

/**
 * A failing merchant-day (the database down, the books disagreeing) is tried 5 more times, 30 s apart doubling
 * (with pg-boss's jitter: about 15 to 30 minutes in all), then recorded FAILED; the next day's run tries it again.
 */
export const SETTLE_RETRY = { limit: 5, delaySeconds: 30, backoff: true };

/**
 * Enqueue a finished day's settlement, once: the run record is the claim (a second process, or this one a minute
 * later, finds it and stops), and each merchant-day's job has its own key besides (`settle:<merchant>:<day>`).
 * Answers how many merchant-days of the day were enqueued, or null when the day was already.
 */
export async function enqueueSettlement(deps: SettlementQueueDeps, day: string): Promise<number | null> {
  const { settings, queue } = deps;
  const sent = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(settlementRuns)
      .values({ settleDate: day, settled: 0, failed: 0 })
      .onConflictDoNothing()
      .returning();
    if (!claimed) return null;
    const ids = await merchantsMovedOn(tx, dayStart(day, settings.tz), dayStart(addDays(day, 1), settings.tz));
    await tx.update(settlementRuns).set({ merchants: ids.length }).where(eq(settlementRuns.settleDate, day));
    const earlier = await failedBefore(tx, day);
    await queue.send<SettleJob>(
      SETTLE_QUEUE,
      [
        ...ids.map((merchantId) => ({ data: { merchantId, day }, key: `settle:${merchantId}:${day}` })),
        // An earlier day's job may still be kept under its key: a retry has a key of its own run.
        ...earlier.map((f) => ({ data: f, key: `resettle:${f.merchantId}:${f.day}@${day}` })),
      ],
      tx,
    );
    // A day with nothing to settle is finished already (and reconciled all the same).
    if (ids.length === 0) await tally(tx, queue, day);
    return ids.length;
  });
  if (sent !== null) queue.wake(SETTLE_QUEUE);
  return sent;
}

/**
 * The run's counts from the day's settlement records (counted, not added to: a job run twice counts once);
 * when every merchant-day has its outcome, the run is finished and the reconciliation enqueued, by whichever job
 * finishes it (the run's row is locked, so one does).
 */
async function tally(tx: Tx, queue: Queue, day: string) {
  const [run] = await tx.select().from(settlementRuns).where(eq(settlementRuns.settleDate, day)).for('update');
  if (!run) return;
  const [c] = await tx
    .select({
      settled: sql<number>`count(*) filter (where ${settlements.status} = 'SETTLED')::int`,
      failed: sql<number>`count(*) filter (where ${settlements.status} = 'FAILED')::int`,
    })
    .from(settlements)
    .where(eq(settlements.settleDate, day));
  const finishes = !run.finishedAt && c!.settled + c!.failed >= run.merchants;
  await tx
    .update(settlementRuns)
    .set({ settled: c!.settled, failed: c!.failed, ...(finishes ? { finishedAt: new Date() } : {}) })
    .where(eq(settlementRuns.settleDate, day));
  if (finishes) await queue.send<ReconcileJob>(RECONCILE_QUEUE, [{ data: { day }, key: `reconcile:${day}` }], tx);
}

const actor = systemActor('job:settlement');

/** Settle one merchant-day; on the last try, a throw is recorded as FAILED rather than thrown. Then count it. */
async function settleJob(deps: SettlementQueueDeps, job: { data: SettleJob; try: number; lastTry: boolean }) {
  const { merchantId, day } = job.data;
  try {
    const outcome = await settleMerchantDay(deps.db, actor, merchantId, day, deps.settings, { try: job.try });
    deps.log.info(
      { merchantId, day, outcome, try: job.try },
      `settlement of merchant ${merchantId} ${day}: ${outcome}`,
    );
  } catch (err) {
    if (!job.lastTry) throw err;
    deps.log.error({ err, merchantId, day }, `settlement of merchant ${merchantId} ${day} failed on every try`);
    await settlementGivenUp(deps.db, merchantId, day, deps.settings, reasonOf(err));
  }
  await deps.db.transaction((tx) => tally(tx, deps.queue, day));
  deps.queue.wake(RECONCILE_QUEUE);
}

/**
 * A merchant-day pg-boss gave up without our handler's outcome: the process died during the last try (pg-boss
 * failed the try when it expired), or recording FAILED threw. Recorded FAILED here (a SETTLED record stays as it
 * is) and counted, so the run finishes and is reconciled; the next day's run tries the merchant-day again.
 */
async function givenUpJob(deps: SettlementQueueDeps, { merchantId, day }: SettleJob) {
  deps.log.error({ merchantId, day }, `settlement of merchant ${merchantId} ${day}: ${NO_OUTCOME}; recorded FAILED`);
  await settlementGivenUp(deps.db, merchantId, day, deps.settings, NO_OUTCOME);
  await deps.db.transaction((tx) => tally(tx, deps.queue, day));
  deps.queue.wake(RECONCILE_QUEUE);
}

/** The nightly reconciliation of a settled day: every module's checks, every difference in the log and counted. */
async function reconcileJob(deps: SettlementQueueDeps, { day }: ReconcileJob) {
  const { differences } = await reconcileDay(deps.db, deps.reconcileChecks, day, {
    ...deps.settings,
    settleAt: deps.settleAt,
  });
  await deps.db
    .update(settlementRuns)
    .set({ reconciledAt: new Date(), differences: differences.length })
    .where(and(eq(settlementRuns.settleDate, day), isNull(settlementRuns.reconciledAt)));
  if (differences.length) {
    deps.log.error({ day, problems: differences }, `reconciliation of ${day}: ${differences.length} difference(s)`);
  } else deps.log.info({ day }, `reconciliation of ${day}: no difference`);
}

/** The settlement queues' workers; tests shorten the retries and the expiry. */
export function settlementWorkers(
  deps: SettlementQueueDeps,
  retry = SETTLE_RETRY,
  // A merchant-day is a few statements; one held for two minutes belongs to a process that died.
  expireInSeconds = 120,
): QueueWorker[] {
  return [
    {
      name: SETTLE_QUEUE,
      batchSize: 4,
      loops: 1,
      expireInSeconds,
      retry,
      deadLetter: SETTLE_GIVEN_UP_QUEUE,
      handle: (job) => settleJob(deps, job as Parameters<typeof settleJob>[1]),
    },
    {
      name: SETTLE_GIVEN_UP_QUEUE,
      batchSize: 4,
      loops: 1,
      // Recording FAILED is less than settling: the same expiry.
      expireInSeconds,
      retry,
      handle: (job) => givenUpJob(deps, job.data as SettleJob),
    },
    {
      name: RECONCILE_QUEUE,
      batchSize: 1,
      loops: 1,
      expireInSeconds: 600,
      retry,
      handle: (job) => reconcileJob(deps, job.data as ReconcileJob),
    },
  ];
}

const depsOf = (context: ModuleContext, app: { db: Db; log: FastifyBaseLogger }): SettlementQueueDeps => ({
  ...app,
  queue: context.queue,
  settings: { tz: context.config.timezone },
  settleAt: context.config.settleAt,
  reconcileChecks: context.reconcileChecks,
});

export const settlementQueueWorkers = (context: ModuleContext, app: { db: Db; log: FastifyBaseLogger }) =>
  context.config.settleAt ? settlementWorkers(depsOf(context, app)) : [];

export const settlementJobs = (context: ModuleContext): Job[] => {
  const at = context.config.settleAt;
  if (!at) return [];
  const tz = context.config.timezone;
  return [
    {
      name: 'settlement',
      schedule: { dailyAt: at, tz },
      lock: 'rows',
      async run({ db, log, now }) {
        const day = addDays(dayOf(now, tz), -1);
        // Looked at each minute: a day enqueued already is one cheap read.
        const [done] = await db.select().from(settlementRuns).where(eq(settlementRuns.settleDate, day));
        if (done) return;
        const sent = await enqueueSettlement(depsOf(context, { db, log }), day);
        if (sent !== null) log.info({ day, merchants: sent }, `settlement of ${day}: ${sent} merchant-day(s) enqueued`);
      },
    },
  ];
};
