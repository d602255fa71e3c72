import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channels } from '../src/channels.ts';
import { RECONCILE_CHECKS } from '../src/modules/index.ts';
import {
  SETTLE_GIVEN_UP_QUEUE,
  SETTLE_QUEUE,
  settlementDays,
  settlementWorkers,
  type SettlementQueueDeps,
} from '../src/modules/settlement/index.ts';
import {
  STATEMENT_GIVEN_UP_QUEUE,
  STATEMENT_QUEUE,
  statementWorkers,
  type StatementQueueDeps,
} from '../src/modules/statement/index.ts';
import { createQueue, jobIdOf, NO_OUTCOME, type Queue, type QueueWorker } from '../src/queue.ts';
import { reconcileDay } from '../src/reconcile.ts';
import { sandboxChannels } from '../src/sandbox/index.ts';
import { seedDemoIfEmpty } from '../src/sandbox/seed-demo.ts';
import { freshDatabase } from './harness.ts';

// The gap a job's last try used to leave: its process is killed during it (pg-boss's maintenance fails the try
// once it expires) or its handler is stuck past the expiry (pg-boss fails it in that process), no handler of ours
// records anything, and the merchant-day (or channel-day) had no outcome, so its run never finished. Now pg-boss
// hands the job to the queue's dead-letter queue, whose worker (on the node that lives) records the outcome.
const TZ = 'Asia/Shanghai';
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let database: Awaited<ReturnType<typeof freshDatabase>>;
const queues: Queue[] = [];
let release = () => {};
/** A stuck download: it never answers (until the test ends, so its queue can stop). */
const hung = new Promise<void>((resolve) => (release = resolve));

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Start the living node (every queue but `name`) and the stuck one (`name` only, with `stuckWorkersOf`'s workers,
 * whose handler never answers): pg-boss gives up the try itself when it runs past the expiry.
 */
async function twoNodes(
  workersOf: (queue: Queue) => QueueWorker[],
  name: string,
  stuckWorkersOf: (queue: Queue) => QueueWorker[],
) {
  const living = createQueue(database, quiet);
  queues.push(living);
  await living.start(workersOf(living).filter((w) => w.name !== name));
  const stuck = createQueue(database, quiet);
  queues.push(stuck);
  await stuck.start(stuckWorkersOf(stuck).filter((w) => w.name === name));
  return stuck;
}

async function until<T>(what: string, look: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const found = await look();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen in time`);
}

beforeAll(async () => {
  database = await freshDatabase();
  await seedDemoIfEmpty(database.db, undefined, { days: 3 });
}, 60_000);
afterAll(async () => {
  release();
  for (const q of queues) await q.stop();
  await database?.drop();
});

describe('a job whose last try ends without an outcome', () => {
  it("settlement, the try's process killed: the dead letter records the merchant-day FAILED, the run finishes", async () => {
    const depsOf = (queue: Queue): SettlementQueueDeps => ({
      db: database.db,
      queue,
      log: quiet,
      settings: { tz: TZ },
      settleAt: '02:00',
      reconcileChecks: RECONCILE_CHECKS,
    });
    // One try only, expiring after 2 s: that try is the last.
    const workersOf = (queue: Queue) =>
      settlementWorkers(depsOf(queue), { limit: 0, delaySeconds: 1, backoff: false }, 2);
    // The node that lives works the other queues; the one that took the merchant-day is gone.
    const living = createQueue(database, quiet);
    queues.push(living);
    await living.start(workersOf(living).filter((w) => w.name !== SETTLE_QUEUE));
    const gone = createQueue(database, quiet);
    await gone.start(workersOf(gone).filter((w) => w.name === SETTLE_QUEUE));
    await gone.stop();
    const [merchant] = await rows<{ id: number }>(
      sql`select id from merchants where status = 'ACTIVE' order by id limit 1`,
    );
    const merchantId = Number(merchant!.id);
    const day = '2020-01-06';
    await database.db.execute(
      sql`insert into settlement_runs (settle_date, merchants, settled, failed) values (${day}, 1, 0, 0)`,
    );
    const key = `settle:${merchantId}:${day}`;
    await living.send(SETTLE_QUEUE, [{ data: { merchantId, day }, key }]);
    // What a process killed during its try leaves behind: the job active, started, and nobody working it.
    await database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() where id = ${jobIdOf(SETTLE_QUEUE, key)}`,
    );

    const run = await until('the run reconciled', async () => {
      const [r] = await rows<{ settled: number; failed: number; finished_at: Date | null; reconciled_at: Date | null }>(
        sql`select * from settlement_runs where settle_date = ${day}`,
      );
      return r?.reconciled_at ? r : undefined;
    });
    expect(run).toMatchObject({ settled: 0, failed: 1 });
    expect(run.finished_at).not.toBeNull();
    const [record] = await rows<{ merchant_id: number; status: string; fail_reason: string }>(
      sql`select merchant_id, status, fail_reason from settlements where settle_date = ${day}`,
    );
    expect(record).toMatchObject({ merchant_id: merchantId, status: 'FAILED' });
    expect(record!.fail_reason).toMatch(/last try ended without an outcome/);
    // pg-boss's history: its maintenance failed the try on its expiry, and the dead letter was handled.
    const jobs = await rows<{ name: string; state: string; output: string | null }>(
      sql`select name, state::text as state, output::text as output from pgboss.job
          where name in (${SETTLE_QUEUE}, ${SETTLE_GIVEN_UP_QUEUE}) order by name`,
    );
    expect(jobs.map((j) => [j.name, j.state])).toEqual([
      [SETTLE_GIVEN_UP_QUEUE, 'completed'],
      [SETTLE_QUEUE, 'failed'],
    ]);
    expect(jobs[1]!.output).toMatch(/failed by timeout in active state/);
    // The console's settlement runs: the day is failed, none pending.
    const [shown] = await settlementDays(database.db, day, day);
    expect(shown).toMatchObject({ day, settled: 0, failed: 1, pending: 0 });
  }, 60_000);

  it('a statement download stuck past its expiry: given up, marked on its run, reported by reconcile', async () => {
    const depsOf = (queue: Queue): StatementQueueDeps => ({
      db: database.db,
      queue,
      log: quiet,
      channels: sandboxChannels(database.db),
      tz: TZ,
    });
    const once = { limit: 0, delaySeconds: 1, backoff: false };
    // The stuck node's try counts itself, then the download never answers.
    const sandbox = sandboxChannels(database.db);
    const hanging: Channels = {
      ...sandbox,
      payment: (channel) => ({ ...sandbox.payment(channel), fetchStatement: () => hung.then(() => []) }),
    };
    const stuck = await twoNodes(
      (queue) => statementWorkers(depsOf(queue), once, 2),
      STATEMENT_QUEUE,
      (queue) => statementWorkers({ ...depsOf(queue), channels: hanging }, once, 2),
    );
    const day = '2020-01-07';
    await database.db.execute(sql`insert into statement_runs (channel, day) values ('WECHAT', ${day})`);
    await stuck.send(STATEMENT_QUEUE, [{ data: { channel: 'WECHAT', day }, key: `statement:WECHAT:${day}` }]);

    const run = await until('the download given up', async () => {
      const [r] = await rows<{ tries: number; gave_up_at: Date | null; last_error: string | null }>(
        sql`select * from statement_runs where channel = 'WECHAT' and day = ${day}`,
      );
      return r?.gave_up_at ? r : undefined;
    });
    expect(run).toMatchObject({ tries: 1, last_error: NO_OUTCOME });
    const jobs = await rows<{ name: string; state: string; output: string | null }>(
      sql`select name, state::text as state, output::text as output from pgboss.job
          where name in (${STATEMENT_QUEUE}, ${STATEMENT_GIVEN_UP_QUEUE}) order by name`,
    );
    expect(jobs.map((j) => [j.name, j.state])).toEqual([
      [STATEMENT_QUEUE, 'failed'],
      [STATEMENT_GIVEN_UP_QUEUE, 'completed'],
    ]);
    expect(jobs[0]!.output).toMatch(/handler execution exceeded 2000ms/);
    const { differences } = await reconcileDay(database.db, RECONCILE_CHECKS, day, { tz: TZ });
    expect(differences).toContain(
      `WECHAT: the statement of ${day} was not downloaded, given up after 1 try (${NO_OUTCOME}); ` +
        `fetch it: npm run ops -- statement:fetch --channel WECHAT --date ${day}`,
    );
  }, 60_000);
});
