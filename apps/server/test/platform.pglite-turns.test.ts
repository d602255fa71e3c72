import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeTurns, Turns } from '../src/db/pglite-turns.ts';

/** Work that takes a few turns of the microtask queue, as a query or a transaction of several queries does. */
const work = async (log: string[], name: string, steps = 3) => {
  for (let i = 0; i < steps; i++) await Promise.resolve();
  log.push(name);
};

describe('turns on the embedded database (issue 26)', () => {
  it('serves queries and transactions in order of arrival, one at a time', async () => {
    const turns = new Turns();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const alone = (name: string, steps: number) =>
      turns.run(async () => {
        most = Math.max(most, ++running);
        await work(log, name, steps);
        running--;
      });
    // Transactions (many steps) and plain queries (one) interleaved: the long ones are not overtaken.
    const names = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? `tx${i}` : `q${i}`));
    await Promise.all(names.map((name) => alone(name, name.startsWith('tx') ? 20 : 1)));
    expect(log).toEqual(names);
    expect(most).toBe(1);
  });

  it('a stream of short queries cannot starve a waiting transaction', async () => {
    const turns = new Turns();
    const log: string[] = [];
    const done: Promise<void>[] = [];
    // Each short query asks for another one as it ends, as busy connections do, while a transaction waits.
    let asked = 0;
    const short = (): Promise<void> =>
      turns.run(async () => {
        await work(log, `q${asked}`, 1);
        if (++asked < 200) done.push(short());
      });
    done.push(short(), short());
    done.push(turns.run(() => work(log, 'tx', 10)));
    await new Promise((r) => setTimeout(r, 0));
    while (done.length) await done.pop();
    // Served after the two queries asked before it, ahead of the 199 asked after it.
    expect(log.indexOf('tx')).toBe(2);
    expect(log.filter((name) => name !== 'tx')).toHaveLength(201);
  });

  it('lets the event loop read new requests between queries instead of serving the whole queue first', async () => {
    const turns = new Turns(0);
    const log: string[] = [];
    const queued = Array.from({ length: 50 }, (_, i) => turns.run(() => work(log, `q${i}`)));
    // What a socket callback would do while the queue is full; it must not wait for all 50 queries.
    setImmediate(() => log.push('io'));
    await Promise.all(queued);
    expect(log.indexOf('io')).toBeGreaterThan(-1);
    expect(log.indexOf('io')).toBeLessThan(5);
  });

  it('errors reach their caller and the next in line still gets its turn', async () => {
    const turns = new Turns();
    const failing = turns.run(() => Promise.reject(new Error('no such table')));
    const next = turns.run(async () => 'served');
    await expect(failing).rejects.toThrow('no such table');
    await expect(next).resolves.toBe('served');
  });
});

describe('a PGlite client taking turns', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = takeTurns(new PGlite());
    await client.waitReady;
    await client.exec('create table seen (n int not null)');
  });
  afterAll(() => client.close());

  it('runs queries and transactions in the order they were asked for', async () => {
    const asked: Promise<unknown>[] = [];
    for (let n = 1; n <= 12; n++) {
      if (n % 4 === 0) {
        asked.push(
          client.transaction(async (tx) => {
            await tx.query('insert into seen values ($1)', [n]);
            await new Promise((r) => setTimeout(r, 5)); // a transaction that awaits something else meanwhile
            await tx.query('insert into seen values ($1)', [n + 100]);
          }),
        );
      } else asked.push(client.query('insert into seen values ($1)', [n]));
    }
    await Promise.all(asked);
    const { rows } = await client.query<{ n: number }>('select n from seen order by ctid');
    expect(rows.map((r) => r.n)).toEqual([1, 2, 3, 4, 104, 5, 6, 7, 8, 108, 9, 10, 11, 12, 112]);
  });
});
