import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue, type Queue } from '../src/queue.ts';
import { freshDatabase } from './harness.ts';

// A queue's fetch loops are woken in-process when jobs are sent (the webhooks' dispatcher wakes the delivery loops).
// Waking every loop for a few jobs made all but one of them fetch nothing: at 100 payments a second, 575 of the
// delivery queue's 754 fetches were empty, each a locking query of PostgreSQL's. A wake now sets as many loops
// fetching as the jobs need.
const NAME = 'test.wake';
const LOOPS = 4;
const ROUNDS = 30;
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let queue: Queue;
let fetches = 0;
const handled: number[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  // pg-boss's fetch is the one statement that takes jobs with SKIP LOCKED.
  const counting = {
    ...database,
    executeSql: (text: string, values?: unknown[]) => {
      if (text.includes('SKIP LOCKED') && text.includes(`pgboss.job`)) fetches++;
      return database.executeSql(text, values);
    },
  };
  queue = createQueue(counting, quiet);
  await queue.start([
    {
      name: NAME,
      batchSize: 10,
      loops: LOOPS,
      expireInSeconds: 60,
      handle: async (job) => void handled.push((job.data as { n: number }).n),
    },
  ]);
}, 60_000);
afterAll(async () => {
  await queue?.stop();
  await database?.drop();
});

async function until(done: () => boolean) {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!done()) throw new Error('the jobs were not handled in time');
}

describe('waking a queue for new jobs', () => {
  it('sets one loop fetching for a few jobs, not every loop, and the jobs are handled at once', async () => {
    fetches = 0;
    const started = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      await queue.send(NAME, [{ data: { n: round } }]);
      queue.wake(NAME, 1);
      await until(() => handled.includes(round));
    }
    const seconds = (performance.now() - started) / 1000;
    // Without the wake a job waits for a poll (0.5 s): the rounds are far quicker than that.
    expect(seconds / ROUNDS).toBeLessThan(0.4);
    // Each idle loop also polls every 0.5 s: those fetches are counted too, and allowed for.
    const polls = Math.ceil(seconds / 0.5) * LOOPS;
    expect(fetches - polls).toBeLessThanOrEqual(ROUNDS * 2);
    expect(fetches).toBeGreaterThanOrEqual(ROUNDS);
  });

  it('wakes every loop when the jobs fill a batch each', async () => {
    handled.length = 0;
    await queue.send(
      NAME,
      Array.from({ length: 40 }, (_, n) => ({ data: { n } })),
    );
    queue.wake(NAME, 40);
    await until(() => handled.length === 40);
    expect([...handled].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  });
});
