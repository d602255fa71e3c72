import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CHANNELS, type Channel } from '@mchweb/contract';
import { addDays, clockOf, dayOf } from '../../business-day.ts';
import { isConnected, type Channels } from '../../channels.ts';
import type { Db } from '../../db/client.ts';
import type { Job } from '../../jobs.ts';
import type { ModuleContext } from '../../module.ts';
import { NO_OUTCOME, reasonOf, type Queue, type QueueWorker } from '../../queue.ts';
import { reconcileDay } from '../../reconcile.ts';
import { statementReconcileCheck } from './statement-reconcile.ts';
import { downloadStatement, isDownloaded, STATEMENT_READY_AT, STATEMENT_TZ } from './statement.service.ts';
import { statementRuns } from './statement.tables.ts';

/**
 * Statement downloads on the job queue (docs/operations.md, "Settlement and reconciliation"): once a channel
 * publishes its statement of yesterday (STATEMENT_READY_AT, China time), the daily job (every process looks each
 * minute) enqueues one job per connected channel-day; whichever process takes it downloads, keeps and reconciles
 * the statement. A statement is often late (WeChat Pay and Alipay build it hours after midnight): pg-boss tries
 * again with growing pauses, then the download is given up, marked on its run row and reported by `ops reconcile`.
 */
export const STATEMENT_QUEUE = 'statement.channel-day';
/** pg-boss's dead letters of STATEMENT_QUEUE: downloads whose last try ended without our handler's outcome. */
export const STATEMENT_GIVEN_UP_QUEUE = 'statement.given-up';

export interface StatementJob {
  channel: Channel;
  day: string;
}

export interface StatementQueueDeps {
  db: Db;
  queue: Queue;
  log: FastifyBaseLogger;
  channels: Channels;
  /** MCHWEB_TZ, for the reconciliation's settlement side. */
  tz: string;
}

/**
 * Six more tries after the first, 5 minutes apart doubling with pg-boss's jitter (5-10, 10-20, ... 160-320
 * minutes): the last comes 5 to 10 hours after the publication hour, by mid-afternoon or the evening China time.
 */
export const STATEMENT_RETRY = { limit: 6, delaySeconds: 300, backoff: true };

const runOf = (channel: string, day: string) => and(eq(statementRuns.channel, channel), eq(statementRuns.day, day));

/**
 * Enqueue yesterday's (China's day) download of each connected channel whose publication hour has passed, once:
 * the run row is the claim (a second process, or this one a minute later, finds it), and the job has its key
 * (`statement:<channel>:<day>`). Answers the channels enqueued by this call.
 */
export async function enqueueStatements(deps: StatementQueueDeps, now: Date): Promise<Channel[]> {
  const day = addDays(dayOf(now, STATEMENT_TZ), -1);
  const clock = clockOf(now, STATEMENT_TZ);
  const due = CHANNELS.filter((c) => isConnected(deps.channels.payment(c)) && clock >= STATEMENT_READY_AT[c]);
  if (due.length === 0) return [];
  // Looked at each minute: a day enqueued already is one cheap read.
  const runs = await deps.db
    .select({ channel: statementRuns.channel })
    .from(statementRuns)
    .where(eq(statementRuns.day, day));
  const sent: Channel[] = [];
  for (const channel of due.filter((c) => !runs.some((r) => r.channel === c))) {
    const claimed = await deps.db.transaction(async (tx) => {
      const [run] = await tx.insert(statementRuns).values({ channel, day }).onConflictDoNothing().returning();
      if (run)
        await deps.queue.send<StatementJob>(
          STATEMENT_QUEUE,
          [{ data: { channel, day }, key: `statement:${channel}:${day}` }],
          tx,
        );
      return Boolean(run);
    });
    if (claimed) sent.push(channel);
  }
  if (sent.length) deps.queue.wake(STATEMENT_QUEUE);
  return sent;
}

async function givenUp(deps: StatementQueueDeps, { channel, day }: StatementJob, why: string) {
  deps.log.error({ channel, day, why }, `statement of ${channel} ${day} not downloaded, given up: ${why}`);
  await deps.db.update(statementRuns).set({ gaveUpAt: new Date(), lastError: why }).where(runOf(channel, day));
}

/**
 * One try of a channel-day's download: fetched and kept unless kept already (a try run again after a crash), then
 * reconciled with our side, every difference in the log and counted on the run. A failure is thrown for pg-boss to
 * try again, except on the last try: then the download is given up (marked and logged).
 */
async function downloadJob(deps: StatementQueueDeps, job: { data: StatementJob; try: number; lastTry: boolean }) {
  const { channel, day } = job.data;
  const { db, log } = deps;
  await db.update(statementRuns).set({ tries: job.try }).where(runOf(channel, day));
  if (!(await isDownloaded(db, channel, day))) {
    try {
      const { lines } = await downloadStatement(db, deps.channels, channel, day);
      log.info({ channel, day, lines: lines.length, try: job.try }, `statement of ${channel} ${day} downloaded`);
    } catch (err) {
      const why = reasonOf(err);
      await db.update(statementRuns).set({ lastError: why }).where(runOf(channel, day));
      if (job.lastTry) return givenUp(deps, job.data, why);
      log.warn({ channel, day, err, try: job.try }, `statement of ${channel} ${day} not downloaded; tried again later`);
      throw err;
    }
  }
  const { differences } = await reconcileDay(db, [statementReconcileCheck], day, { tz: deps.tz });
  const mine = differences.filter((d) => d.startsWith(`${channel} `));
  await db
    .update(statementRuns)
    .set({ reconciledAt: new Date(), differences: mine.length, lastError: null })
    .where(runOf(channel, day));
  if (mine.length) log.error({ day, problems: mine }, `statement of ${channel} ${day}: ${mine.length} difference(s)`);
  else log.info({ channel, day }, `statement of ${channel} ${day}: no difference`);
}

export function statementWorkers(
  deps: StatementQueueDeps,
  retry = STATEMENT_RETRY,
  expireInSeconds = 600,
): QueueWorker[] {
  return [
    {
      name: STATEMENT_QUEUE,
      batchSize: 1,
      loops: 1,
      // A day's statement of a large provider is a big file: ten minutes, then its process is taken for dead.
      expireInSeconds,
      retry,
      deadLetter: STATEMENT_GIVEN_UP_QUEUE,
      handle: (job) => downloadJob(deps, job as Parameters<typeof downloadJob>[1]),
    },
    {
      name: STATEMENT_GIVEN_UP_QUEUE,
      batchSize: 4,
      loops: 1,
      expireInSeconds: 120,
      retry,
      // A download kept meanwhile (by `ops statement:fetch`) is not given up.
      handle: async (job) => {
        const data = job.data as StatementJob;
        if (await isDownloaded(deps.db, data.channel, data.day)) return;
        await givenUp(deps, data, NO_OUTCOME);
      },
    },
  ];
}

const depsOf = (context: ModuleContext, app: { db: Db; log: FastifyBaseLogger }): StatementQueueDeps => ({
  ...app,
  queue: context.queue,
  channels: context.channels,
  tz: context.config.timezone,
});

export const statementQueueWorkers = (context: ModuleContext, app: { db: Db; log: FastifyBaseLogger }) =>
  statementWorkers(depsOf(context, app));

/** The daily look (from the earliest publication hour, each minute) that enqueues yesterday's downloads. */
export const statementJobs = (context: ModuleContext): Job[] => [
  {
    name: 'statements',
    schedule: { dailyAt: Object.values(STATEMENT_READY_AT).sort()[0]!, tz: STATEMENT_TZ },
    lock: 'rows',
    async run({ db, log, now }) {
      const sent = await enqueueStatements(depsOf(context, { db, log }), now);
      if (sent.length) log.info({ channels: sent }, `statement downloads enqueued: ${sent.join(', ')}`);
    },
  },
];
