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
  /** Handle one job; one that throws is retried by pg-boss (after `expireInSeconds` if the process died). */
  handle(job: QueueJob<T>): Promise<void>;
}

export interface NewJob<T> {
  data: T;
  /** Not before this time. */
  startAfter?: Date;
}

export interface Queue {
  /** Enqueue jobs; with `tx`, inside that transaction (they are only there if it commits). */
  send<T extends object>(name: string, jobs: NewJob<T>[], tx?: Tx): Promise<void>;
  /** Tell this process's fetch loops of `name` to look now rather than at their next poll. */
  wake(name: string): void;
  start(workers: QueueWorker[]): Promise<void>;
  stop(): Promise<void>;
}

/** How often an idle fetch loop looks for jobs (pg-boss's floor is 0.5 s); `wake` cuts it short in-process. */
const POLL_SECONDS = 0.5;
/** Crashed or failing handlers: tries before a job is given up, and the pause between them. */
const RETRY_LIMIT = 20;
const RETRY_DELAY_SECONDS = 1;

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

export function createQueue(database: Database, log: FastifyBaseLogger): Queue {
  let boss: PgBoss | null = null;
  const loops = new Map<string, string[]>();
  const started = () => {
    if (!boss) throw new Error('the job queue is not started yet (it starts when the app is ready)');
    return boss;
  };

  return {
    async send(name, jobs, tx) {
      if (jobs.length === 0) return;
      const rows = jobs.map((j) => ({ name, data: j.data, ...(j.startAfter ? { startAfter: j.startAfter } : {}) }));
      await started().insert(rows as PgBoss.JobInsert[], tx ? ({ db: executorOf(tx) } as PgBoss.InsertOptions) : {});
    },
    wake(name) {
      for (const id of loops.get(name) ?? []) boss?.notifyWorker(id);
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
      for (const w of workers) {
        await b.createQueue(w.name, {
          name: w.name,
          retryLimit: RETRY_LIMIT,
          retryDelay: RETRY_DELAY_SECONDS,
          expireInSeconds: w.expireInSeconds,
        });
        const ids: string[] = [];
        for (let i = 0; i < w.loops; i++) {
          ids.push(
            await b.work<unknown>(
              w.name,
              { batchSize: w.batchSize, pollingIntervalSeconds: POLL_SECONDS },
              async (jobs) => {
                // Each job on its own: one failing is failed alone (pg-boss then completes the rest of the batch).
                const failed = await Promise.all(
                  jobs.map((j) =>
                    w.handle({ id: j.id, data: j.data }).then(
                      () => null,
                      (err: unknown) => ({ j, err }),
                    ),
                  ),
                );
                for (const f of failed) {
                  if (!f) continue;
                  log.warn({ err: f.err, queue: w.name, job: f.j.id }, 'job failed; pg-boss tries it again');
                  await b.fail(w.name, f.j.id, { message: String((f.err as Error)?.message ?? f.err) });
                }
              },
            ),
          );
        }
        loops.set(w.name, ids);
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
