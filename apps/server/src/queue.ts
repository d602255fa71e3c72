import crypto from 'node:crypto';
import { Param, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Tx } from './db/client.ts';

/**
 * The job queue: pg-boss on the app's own database (docs/decisions.md, "The job queue"). pg-boss takes a `db`
 * with `executeSql(text, values)`, so it runs over PGlite as well as PostgreSQL, and a job can be sent inside
 * a business transaction (it exists only if that commits). Its tables live in the `pgboss` schema, which
 * pg-boss creates and migrates itself at start.
 *
 * A job is handled at least once: a process that dies while handling one leaves it active until
 * `expireInSeconds`, after which pg-boss's maintenance (on whichever process runs it next) puts it back for
 * another try. Handlers are therefore written to be run again.
 */

export interface QueueJob<T> {
  id: string;
  data: T;
  /** This try's number: 1, then 2 on pg-boss's first retry, ... */
  try: number;
  /** Whether pg-boss gives the job up if this try throws (its retries are spent). */
  lastTry: boolean;
}

/** One kind of job and how it is handled: modules contribute them through `AppModule.workers`. */
export interface QueueWorker<T = unknown> {
  /** The queue's name, e.g. `webhook.deliver`. */
  name: string;
  /** How many jobs one fetch takes (handled at once, each on its own). */
  batchSize: number;
  /** How many fetch loops run in this process. */
  loops: number;
  /** When a job taken by a process that died is given out again. */
  expireInSeconds: number;
  /** Tries after the first, and the pause before each (doubled each time with `backoff`); the queue's default else. */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  /**
   * The queue pg-boss hands a job's data to when it gives the job up: its last try threw, or its process died
   * during it and the try expired (then no handler of ours ran). That queue's worker records the outcome.
   */
  deadLetter?: string;
  /** Handle one job; one that throws is retried by pg-boss (after `expireInSeconds` if the process died). */
  handle(job: QueueJob<T>): Promise<void>;
  /**
   * Handle a fetch's jobs together (one read and one write for all, where the handler can), answering each job's
   * error or null; a job with an error is retried as one that threw. Without it, each job goes to `handle`.
   */
  handleBatch?(jobs: QueueJob<T>[]): Promise<unknown[]>;
}

export interface NewJob<T> {
  data: T;
  /** Not before this time. */
  startAfter?: Date;
  /**
   * The job's own name, e.g. `settle:42:2026-11-25`: a job with the same key is made once (pg-boss's id, derived
   * from it, is unique while pg-boss keeps the job: until it is archived), so two senders make one job.
   */
  key?: string;
}

export interface Queue {
  /** Enqueue jobs; with `tx`, inside that transaction (they are only there if it commits). */
  send<T extends object>(name: string, jobs: NewJob<T>[], tx?: Tx): Promise<void>;
  /**
   * Tell this process's fetch loops of `name` to look now rather than at their next poll: as many as `jobs` new jobs
   * need (a loop takes a batch a fetch), idle ones first; all of them without `jobs`.
   */
  wake(name: string, jobs?: number): void;
  start(workers: QueueWorker[]): Promise<void>;
  stop(): Promise<void>;
}

/** Why a dead letter's job was given up, for its record: no handler of ours said (see `QueueWorker.deadLetter`). */
export const NO_OUTCOME = 'the last try ended without an outcome (its process stopped, or the database failed)';

/** A job's failure for its record: the first cause's message (a failed query's error wraps the database's), short. */
export function reasonOf(err: unknown): string {
  let e = err as { message?: unknown; cause?: unknown } | undefined;
  while (e?.cause) e = e.cause as typeof e;
  return String(e?.message ?? err).slice(0, 200);
}

/** How often an idle fetch loop looks for jobs (pg-boss's floor is 0.5 s); `wake` cuts it short in-process. */
const POLL_SECONDS = 0.5;
/** Crashed or failing handlers: tries before a job is given up, and the pause between them. */
const RETRY_LIMIT = 20;
const RETRY_DELAY_SECONDS = 1;

/** The uuid pg-boss keeps a keyed job under (a v5-shaped uuid of the queue and the key). */
export function jobIdOf(name: string, key: string): string {
  const h = crypto.createHash('sha1').update(`${name}\n${key}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** `$n` text as a drizzle query, to run a pg-boss statement on a drizzle transaction. */
export function sqlOf(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)\b/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${new Param(values[Number(part) - 1])}`)));
}

const executorOf = (tx: Tx) => ({
  executeSql: async (text: string, values?: unknown[]) =>
    (await tx.execute(sqlOf(text, values))) as unknown as { rows: Record<string, unknown>[] },
});

/** pg-boss's maintenance (run by one process of the cluster at a time) gives expired jobs back at most this often. */
const MAX_MAINTENANCE_SECONDS = 30;

/**
 * Create a queue, or give an existing one these settings. Nodes starting together create the same queues at once, and
 * pg-boss's create_queue can deadlock with itself (seen in CI: two processes on one PostgreSQL, "deadlock
 * detected", and the node died at start): PostgreSQL aborts one side, which then tries again and finds the queue.
 */
async function createQueueOnce(b: PgBoss, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      // pg-boss adds its defaults to the options it is given: each call gets its own copy.
      await b.createQueue(options.name, { ...options });
      // A queue made by an earlier version (creating is a no-op then) takes today's settings, the same on every node.
      await b.updateQueue(options.name, { ...options });
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
    }
  }
}

/** The settings of a queue this app gives it (pg-boss keeps them in its queue table; `getQueues` reads them). */
type QueueSettings = Pick<
  PgBoss.Queue,
  'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds' | 'deadLetter'
>;
const sameSettings = (a: QueueSettings, b: QueueSettings) =>
  a.retryLimit === b.retryLimit &&
  a.retryDelay === b.retryDelay &&
  a.retryBackoff === b.retryBackoff &&
  a.expireInSeconds === b.expireInSeconds &&
  (a.deadLetter ?? null) === (b.deadLetter ?? null);

/**
 * pg-boss's schema, made ahead of a start: a new data directory copied from the demo's template (demo-template.ts)
 * then starts without creating it (about 0.25 s of that start). pg-boss's own start finds it and checks its version.
 */
export async function installQueueSchema(database: Database) {
  await database.executeSql(PgBoss.getConstructionPlans('pgboss'));
}

export function createQueue(database: Database, log: FastifyBaseLogger): Queue {
  let boss: PgBoss | null = null;
  /** Each queue's fetch loops in this process: pg-boss's worker id, and whether its handler is running now. */
  const loops = new Map<string, { batchSize: number; loops: { id: string; busy: boolean }[] }>();
  const started = () => {
    if (!boss) throw new Error('the job queue is not started yet (it starts when the app is ready)');
    return boss;
  };

  return {
    async send(name, jobs, tx) {
      if (jobs.length === 0) return;
      const rows = jobs.map((j) => ({
        name,
        data: j.data,
        ...(j.startAfter ? { startAfter: j.startAfter } : {}),
        ...(j.key ? { id: jobIdOf(name, j.key) } : {}),
      }));
      await started().insert(rows as PgBoss.JobInsert[], tx ? ({ db: executorOf(tx) } as PgBoss.InsertOptions) : {});
    },
    wake(name, jobs) {
      const queue = loops.get(name);
      if (!queue || !boss) return;
      // Waking every loop for a few jobs made all but one fetch nothing (the webhooks benchmark at 100 payments a
      // second: 575 of 754 fetches empty). A busy loop woken fetches again as soon as its batch is done.
      const wanted = jobs === undefined ? queue.loops.length : Math.ceil(jobs / queue.batchSize);
      const idleFirst = [...queue.loops.filter((l) => !l.busy), ...queue.loops.filter((l) => l.busy)];
      for (const loop of idleFirst.slice(0, wanted)) boss.notifyWorker(loop.id);
    },
    async start(workers) {
      // Expired jobs are looked for at least as often as the shortest expiry: a crash costs about twice that.
      const maintenance = Math.min(MAX_MAINTENANCE_SECONDS, ...workers.map((w) => w.expireInSeconds));
      const b = new PgBoss({
        db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
        // Cron schedules are not used (the job registry, jobs.ts, keeps its timers for now).
        schedule: false,
        supervise: true,
        maintenanceIntervalSeconds: maintenance,
      } as PgBoss.ConstructorOptions);
      b.on('error', (err: Error) => log.warn({ err }, 'job queue: %s', err.message));
      await b.start();
      boss = b;
      // A dead-letter queue is created before the queues naming it (pg-boss keeps a foreign key to it).
      const ordered = [...workers].sort((x, y) => Number(Boolean(x.deadLetter)) - Number(Boolean(y.deadLetter)));
      // Only what is missing or changed: creating a queue makes its table (about 50 ms each on PGlite), and even
      // creating one that exists and setting its settings again cost a reopened directory 0.1 s of its start.
      const existing = new Map((await b.getQueues()).map((q) => [q.name, q]));
      for (const w of ordered) {
        const options = {
          name: w.name,
          retryLimit: w.retry?.limit ?? RETRY_LIMIT,
          retryDelay: w.retry?.delaySeconds ?? RETRY_DELAY_SECONDS,
          retryBackoff: w.retry?.backoff ?? false,
          expireInSeconds: w.expireInSeconds,
          ...(w.deadLetter ? { deadLetter: w.deadLetter } : {}),
        };
        const now = existing.get(w.name);
        if (!now || !sameSettings(now, options)) await createQueueOnce(b, options);
      }
      for (const w of workers) {
        const queue = { batchSize: w.batchSize, loops: [] as { id: string; busy: boolean }[] };
        for (let i = 0; i < w.loops; i++) {
          const loop = { id: '', busy: false };
          queue.loops.push(loop);
          loop.id = await b.work<unknown>(
            w.name,
            { batchSize: w.batchSize, pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true },
            async (jobs) => {
              loop.busy = true;
              try {
                // One failing job is failed alone (pg-boss then completes the rest of the batch).
                const ours = jobs.map((j) => ({
                  id: j.id,
                  data: j.data,
                  try: j.retryCount + 1,
                  lastTry: j.retryCount >= j.retryLimit,
                }));
                const errors = w.handleBatch
                  ? await w.handleBatch(ours)
                  : await Promise.all(
                      ours.map((j) =>
                        w.handle(j).then(
                          () => null,
                          (err: unknown) => err,
                        ),
                      ),
                    );
                const failed = jobs.map((j, i) => (errors[i] ? { j, err: errors[i] } : null));
                for (const f of failed) {
                  if (!f) continue;
                  log.warn({ err: f.err, queue: w.name, job: f.j.id }, 'job failed; pg-boss tries it again');
                  await b.fail(w.name, f.j.id, { message: String((f.err as Error)?.message ?? f.err) });
                }
              } finally {
                loop.busy = false;
              }
            },
          );
        }
        loops.set(w.name, queue);
      }
    },
    async stop() {
      const b = boss;
      if (!b) return;
      boss = null;
      // Fetch loops stop taking jobs and the batches in hand are finished; the database stays open (it is the app's).
      await b.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
    },
  };
}
