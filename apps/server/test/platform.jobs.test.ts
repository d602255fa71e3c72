import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { AccessCache } from '../src/access-cache.ts';
import { registerJobs, type Job } from '../src/jobs.ts';
import { freshDatabase } from './harness.ts';

type Fresh = Awaited<ReturnType<typeof freshDatabase>>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bare app with what a job's pass is given (the database, the access cache), its jobs registered. */
async function appWith(database: Fresh, jobs: Job[]): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('accessCache', new AccessCache(0));
  registerJobs(app, jobs);
  await app.ready();
  return app;
}

describe('the job registry (jobs.ts)', () => {
  let database: Fresh | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('runs a job every everyMs once ready; closing waits for the running pass and starts no other', async () => {
    database = await freshDatabase();
    const passes: { started: number; finished?: number }[] = [];
    const app = await appWith(database, [
      {
        name: 'slow',
        schedule: { everyMs: 20 },
        lock: 'rows',
        async run({ db, stopped }) {
          const pass: (typeof passes)[number] = { started: Date.now() };
          passes.push(pass);
          await db.execute(sql`select 1`);
          while (!stopped()) await sleep(10);
          await sleep(100);
          pass.finished = Date.now();
        },
      },
    ]);
    while (passes.length === 0) await sleep(10);
    const closing = Date.now();
    await app.close();
    expect(passes).toHaveLength(1);
    // close() answered only after the pass ended, however long it took to notice.
    expect(passes[0]!.finished).toBeGreaterThanOrEqual(closing + 100);
    await sleep(60);
    expect(passes).toHaveLength(1);
  });

  it('with an advisory lock the pass runs holding it, in its transaction', async () => {
    database = await freshDatabase();
    const held: boolean[] = [];
    const app = await appWith(database, [
      {
        name: 'locked',
        schedule: { everyMs: 20 },
        lock: { advisory: 424_242 },
        async run({ db }) {
          const { rows } = (await db.execute(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 424242 and granted`,
          )) as unknown as { rows: { n: number }[] };
          held.push(rows[0]!.n === 1);
        },
      },
    ]);
    while (held.length === 0) await sleep(10);
    await app.close();
    expect(held[0]).toBe(true);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL: a process that cannot take the advisory lock skips its pass until the lock is free',
    async () => {
      database = await freshDatabase();
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock(424243)');
        let runs = 0;
        const app = await appWith(database, [
          { name: 'locked', schedule: { everyMs: 20 }, lock: { advisory: 424_243 }, run: async () => void runs++ },
        ]);
        await sleep(200);
        expect(runs).toBe(0);
        await other.query('select pg_advisory_unlock(424243)');
        while (runs === 0) await sleep(10);
        await app.close();
      } finally {
        await other.end();
      }
    },
  );
});
