import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { dayOf } from './business-day.ts';
import type { Db } from './db/client.ts';
import type { Job } from './jobs.ts';
import type { Queue, QueueWorker } from './queue.ts';

/**
 * Orders, ledger entries and audit rows are partitioned by business month (migration 0015; docs/operations.md,
 * "Data that grows"). Their partitions are made ahead, this month's and the next three, on the job queue: every
 * process looks every 10 minutes and sends one job a business day (keyed by the day: pg-boss makes it once),
 * which whichever process takes it runs. The database function does the work under an advisory lock, so two
 * nodes running it at once take turns and the second finds nothing to do.
 */
export const PARTITION_QUEUE = 'partitions.make-ahead';
export const PARTITION_LOOK_MS = 10 * 60 * 1000;
/** Months after this one that have their partitions made ahead. */
export const MONTHS_AHEAD = 3;

export interface PartitionJob {
  /** The business day (YYYY-MM-DD) the job was sent on: its month and the next MONTHS_AHEAD. */
  day: string;
}

/**
 * Make the month partitions of `day`'s month and the MONTHS_AHEAD after it that are missing (answers how many
 * were made). Rows that fell into a DEFAULT partition for one of those months move into the new partition. It
 * waits at most 5 s for the tables' locks (a long export holds them): the queue tries again later rather than
 * making every payment queue behind it.
 */
export async function makePartitionsAhead(db: Db, tz: string, day: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local lock_timeout = '5s'`);
    const res = (await tx.execute(
      sql`select mchweb_month_partitions(${tz}, ${day}::date, (${day}::date + ${`${MONTHS_AHEAD} months`}::interval)::date) as made`,
    )) as unknown as { rows: { made: number }[] };
    return Number(res.rows[0]!.made);
  });
}

export function partitionWorkers(deps: { db: Db; log: FastifyBaseLogger; tz: string }): QueueWorker[] {
  return [
    {
      name: PARTITION_QUEUE,
      batchSize: 1,
      loops: 1,
      expireInSeconds: 300,
      retry: { limit: 10, delaySeconds: 30, backoff: true },
      async handle(job) {
        const { day } = job.data as PartitionJob;
        const made = await makePartitionsAhead(deps.db, deps.tz, day);
        if (made > 0) deps.log.info({ day, made }, `partitions: ${made} month partition(s) made`);
      },
    },
  ];
}

export const partitionJob = (queue: Queue, tz: string): Job => ({
  name: 'partitions',
  schedule: { everyMs: PARTITION_LOOK_MS },
  lock: 'rows',
  async run({ now }) {
    const day = dayOf(now, tz);
    await queue.send<PartitionJob>(PARTITION_QUEUE, [{ data: { day }, key: `partitions:${day}` }]);
    queue.wake(PARTITION_QUEUE);
  },
});
