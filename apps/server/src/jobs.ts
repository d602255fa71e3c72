import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AccessCache } from './access-cache.ts';
import { clockOf } from './business-day.ts';
import type { Db } from './db/client.ts';
import { periodicJob } from './periodic-job.ts';

/** What a job's pass is given. */
export interface JobRun {
  db: Db;
  log: FastifyBaseLogger;
  /** This process's cache of sessions and memberships (a pass that changes who may see what empties it). */
  accessCache: AccessCache;
  /** When the pass started (a daily job counts its day from it: the same instant its schedule was checked at). */
  now: Date;
  /** Whether the app is closing: a pass that loops over batches stops between two. */
  stopped(): boolean;
}

/**
 * A background job: modules (and the sandbox wing) contribute them through `AppModule.jobs`, app.ts starts them
 * all when the app is ready and stops them when it closes (the running pass is awaited). Every server process
 * runs every job, so the database decides who does what:
 * - `lock: 'rows'`: the pass is safe on several processes by itself (it takes rows with SKIP LOCKED, changes a
 *   row only from the state it read, or writes under a unique key), as every job of today.
 * - `lock: { advisory: key }`: the pass runs in a transaction holding `pg_try_advisory_xact_lock(key)`; a
 *   process that cannot take it skips that pass. For work that is not row-safe; pick a key no other job uses.
 */
export interface Job {
  name: string;
  /** Every `everyMs`; or once a day, looked at each minute, on passes after `dailyAt` (HH:MM in `tz`). */
  schedule: { everyMs: number } | { dailyAt: string; tz: string };
  lock: 'rows' | { advisory: number };
  run(run: JobRun): Promise<void>;
}

const DAILY_LOOK_MS = 60_000;

/** Start every job with the app (on ready) and stop it with the app (on close), one periodic timer each. */
export function registerJobs(app: FastifyInstance, jobs: readonly Job[]) {
  for (const job of jobs) {
    const everyMs = 'everyMs' in job.schedule ? job.schedule.everyMs : DAILY_LOOK_MS;
    const { schedule } = job;
    const timer = periodicJob(app, job.name, everyMs, async () => {
      const now = new Date();
      if ('dailyAt' in schedule && clockOf(now, schedule.tz) < schedule.dailyAt) return;
      const base = { log: app.log, accessCache: app.accessCache, now, stopped: timer.stopped };
      const { lock } = job;
      if (lock === 'rows') return job.run({ ...base, db: app.db });
      await app.db.transaction(async (tx) => {
        const taken = (await tx.execute(sql`select pg_try_advisory_xact_lock(${lock.advisory}) as got`)) as unknown as {
          rows: { got: boolean }[];
        };
        if (taken.rows[0]?.got) await job.run({ ...base, db: tx as Db });
      });
    });
  }
}
