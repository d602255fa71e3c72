import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { PREPARED_LIMIT } from '../src/db/pglite-statements.mjs';
import { startEmbeddedDatabaseWorker } from '../src/db/pglite-in-worker.ts';

/** The embedded database runs in a worker thread (db/pglite-in-worker.ts): what callers observe stays PGlite's. */
describe('the embedded database in its worker thread', () => {
  let database: Database;
  const names = async () => (await database.executeSql('select name from seen order by name', [])).rows;
  const count = async () => Number((await database.executeSql('select count(*)::int as n from seen', [])).rows[0]!.n);
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: null, dataDir: null });
    await database.executeSql('create table seen (name text primary key, at timestamptz not null default now())');
  });
  afterAll(() => database.close());
  beforeEach(() => database.executeSql('delete from seen'));

  it('boots with 32 MB of shared buffers, not the 128 MB whose set-up was a tenth of a start', async () => {
    const { rows } = await database.executeSql('show shared_buffers', []);
    expect(rows).toEqual([{ shared_buffers: '32MB' }]);
  });

  it('keeps the error code of a violated constraint, also through drizzle', async () => {
    await database.db.execute(sql`insert into seen (name) values ('a')`);
    const err = await database.db.execute(sql`insert into seen (name) values ('a')`).catch((e: unknown) => e);
    const cause = (err as { cause?: unknown }).cause;
    expect(cause).toBeInstanceOf(Error);
    expect(cause).toMatchObject({ code: '23505', constraint: 'seen_pkey', table: 'seen', severity: 'ERROR' });
    expect((cause as Error).message).toMatch(/duplicate key/);
    await expect(database.executeSql("insert into seen (name) values ('a')", [])).rejects.toMatchObject({
      code: '23505',
    });
  });

  it('commits what a transaction returns from, and leaves nothing of one that throws', async () => {
    const committed = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into seen (name) values ('kept')`);
      return 'done';
    });
    expect(committed).toBe('done');
    const failing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into seen (name) values ('dropped')`);
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    expect(await names()).toEqual([{ name: 'kept' }]);
  });

  it('rolls back a nested transaction (a savepoint) alone', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into seen (name) values ('outer')`);
      const inner = tx.transaction(async (nested) => {
        await nested.execute(sql`insert into seen (name) values ('inner')`);
        throw new Error('inner fails');
      });
      await expect(inner).rejects.toThrow('inner fails');
    });
    expect(await names()).toEqual([{ name: 'outer' }]);
  });

  it('runs a query from outside after the open transaction, as PGlite does', async () => {
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const order: string[] = [];
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into seen (name) values ('in tx')`);
      await gate;
      order.push('commit');
    });
    await new Promise((resolve) => setTimeout(resolve, 20)); // the transaction has begun
    const outside = count().then((n) => (order.push('outside'), n));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    letGo();
    await transaction;
    expect(await outside).toBe(1);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('answers timestamps as text, as drizzle asks, and refuses a parser it cannot run in the worker', async () => {
    await database.executeSql("insert into seen (name, at) values ('a', '2026-01-02 03:04:05+00')", []);
    const { rows } = (await database.db.execute(sql`select at from seen`)) as unknown as { rows: unknown[] };
    expect(rows[0]).toEqual({ at: '2026-01-02 03:04:05+00' });
    type Client = { query: (...args: unknown[]) => Promise<unknown> };
    const client = (database.db as unknown as { $client: Client }).$client;
    await expect(
      client.query('select at from seen', [], { parsers: { 1184: (value: string) => new Date(value) } }),
    ).rejects.toThrow(/not the identity/);
  });

  describe('statements with values, kept prepared under a name (db/pglite-statements.mjs)', () => {
    const prepared = async (like: string) =>
      Number(
        (
          await database.executeSql('select count(*)::int as n from pg_prepared_statements where statement like $1', [
            like,
          ])
        ).rows[0]!.n,
      );

    it('parses a statement once, however often it runs, and answers each call with its own values', async () => {
      const text = 'select $1::int + 1 as next, $2::text as word';
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await database.executeSql(text, [i, `w${i}`])).rows[0]);
      expect(answers).toEqual([0, 1, 2, 3, 4].map((i) => ({ next: i + 1, word: `w${i}` })));
      expect(await prepared('select $1::int + 1 as next%')).toBe(1);
    });

    it(`keeps at most ${PREPARED_LIMIT} statements, closing the least recently run`, async () => {
      const first = "select $1::int as n, 'first' as which";
      await database.executeSql(first, [1]);
      for (let i = 0; i < PREPARED_LIMIT + 20; i++) {
        const { rows } = await database.executeSql(`select $1::int * ${i} as n`, [2]);
        expect(rows).toEqual([{ n: 2 * i }]);
      }
      const { rows } = await database.executeSql('select count(*)::int as n from pg_prepared_statements', []);
      expect(rows[0]!.n).toBeLessThanOrEqual(PREPARED_LIMIT);
      expect(await prepared("select $1::int as n, 'first'%")).toBe(0);
      expect((await database.executeSql(first, [7])).rows).toEqual([{ n: 7, which: 'first' }]);
    });

    it('parses a statement again when its table changed under it, or after DEALLOCATE ALL', async () => {
      await database.executeSql('create table changing (id int, label text)');
      await database.executeSql("insert into changing values (1, 'one')");
      const text = 'select * from changing where id = $1';
      expect((await database.executeSql(text, [1])).rows).toEqual([{ id: 1, label: 'one' }]);
      await database.executeSql("alter table changing add column note text not null default 'new'");
      expect((await database.executeSql(text, [1])).rows).toEqual([{ id: 1, label: 'one', note: 'new' }]);
      await database.executeSql('deallocate all');
      expect((await database.executeSql(text, [1])).rows).toEqual([{ id: 1, label: 'one', note: 'new' }]);
    });

    it('keeps the error and its code for a value that breaks a constraint, and runs the statement again after', async () => {
      const insert = 'insert into seen (name) values ($1)';
      await database.executeSql(insert, ['twice']);
      await expect(database.executeSql(insert, ['twice'])).rejects.toMatchObject({
        code: '23505',
        constraint: 'seen_pkey',
        query: insert,
      });
      await database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into seen (name) values (${'in a transaction'})`);
          const again = tx.execute(sql`insert into seen (name) values (${'twice'})`);
          await expect(again).rejects.toMatchObject({ cause: { code: '23505' } });
        })
        .catch(() => {});
      await database.executeSql(insert, ['after']);
      expect(await names()).toEqual([{ name: 'after' }, { name: 'twice' }]);
    });
  });

  it('fails every call once closed, instead of waiting', async () => {
    const other = await openDatabase({ databaseUrl: null, dataDir: null });
    await other.close();
    await expect(other.executeSql('select 1')).rejects.toThrow("the embedded database's worker was closed");
    await expect(other.ping()).rejects.toMatchObject({ cause: { message: expect.stringMatching(/closed/) } });
  });
});

/** A module run by a Node process of its own, from the repository's root: what it printed, and how it ended. */
const runModule = (script: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.resolve(REPO_ROOT),
    encoding: 'utf8',
    timeout: 50_000,
  });

describe('a process using the embedded database', () => {
  it('ends when its work is done, without closing the database', { timeout: 60_000 }, () => {
    const script = [
      "import { openDatabase } from './apps/server/src/db/client.ts';",
      'const database = await openDatabase({ databaseUrl: null, dataDir: null });',
      "console.log(JSON.stringify((await database.executeSql('select 41 + 1 as n', [])).rows));",
    ].join('\n');
    const run = runModule(script);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('[{"n":42}]');
    expect(run.status).toBe(0);
  });
});

/**
 * A start's worker copies today's demo and opens the copy at once (server.ts), without the main thread, which is
 * loading the app's modules meanwhile: what it copied is what openDatabase then finds open.
 */
describe('a directory copied and opened by the worker as it starts', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-early-'));
  const source = path.join(root, 'source');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  beforeAll(async () => {
    const made = await openDatabase({ databaseUrl: null, dataDir: source });
    await made.executeSql("create table kept (name text); insert into kept values ('copied')");
    await made.close();
    fs.mkdirSync(path.join(source, 'uploads'));
    fs.writeFileSync(path.join(source, 'uploads/licence.jpg'), 'a document');
  });
  const leftovers = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith('.partial'));

  it('copies the cluster and the uploads, opens the copy, and openDatabase uses that open database', async () => {
    const dataDir = path.join(root, 'new');
    const copied = startEmbeddedDatabaseWorker({
      dataDir: path.join(dataDir, 'pglite'),
      copies: [
        { from: path.join(source, 'pglite'), to: path.join(dataDir, 'pglite') },
        { from: path.join(source, 'uploads'), to: path.join(dataDir, 'uploads') },
      ],
    });
    expect(await copied).toBe(true);
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      expect((await database.executeSql('select name from kept', [])).rows).toEqual([{ name: 'copied' }]);
      expect(fs.readFileSync(path.join(dataDir, 'uploads/licence.jpg'), 'utf8')).toBe('a document');
      expect(leftovers(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('a copy that fails leaves no half directory and opens nothing: openDatabase makes the directory anew', async () => {
    const dataDir = path.join(root, 'failed');
    const copied = startEmbeddedDatabaseWorker({
      dataDir: path.join(dataDir, 'pglite'),
      copies: [{ from: path.join(root, 'missing'), to: path.join(dataDir, 'pglite') }],
    });
    expect(await copied).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(leftovers(dataDir)).toEqual([]);
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      await expect(database.executeSql('select name from kept', [])).rejects.toMatchObject({ code: '42P01' });
    } finally {
      await database.close();
    }
  });

  it('keeps its process alive until the copy is open, and lets it end after', { timeout: 60_000 }, () => {
    const dataDir = path.join(root, 'process', 'pglite');
    const script = [
      "import { startEmbeddedDatabaseWorker } from './apps/server/src/db/pglite-in-worker.ts';",
      `const copies = [{ from: ${JSON.stringify(path.join(source, 'pglite'))}, to: ${JSON.stringify(dataDir)} }];`,
      `startEmbeddedDatabaseWorker({ dataDir: ${JSON.stringify(dataDir)}, copies }).then((c) => console.log(c));`,
    ].join('\n');
    const run = runModule(script);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('true');
    expect(run.status).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  });
});
