import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, pipeline, type Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { PGlite } from '@electric-sql/pglite';
import { REPO_ROOT } from '../config.ts';
import { openPgliteInWorker, type EmbeddedDatabase } from './pglite-in-worker.ts';
import { copyTemplateInto } from './pglite-template.ts';
import { poolOf } from './pg-pool.ts';

/**
 * The one database type every module codes against: identical on PGlite and PostgreSQL. Modules query their
 * own tables with the query builder; no schema is registered (drizzle's relational queries would let one module
 * walk into another's tables).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** What a read runs on: the primary, or the replica of DATABASE_REPLICA_URL (read-replica.ts chooses). */
export interface Reader {
  db: Db;
  /**
   * For prepared statements whose best plan does not depend on their values (the order list's): on PostgreSQL a
   * pool of its own whose connections plan each such statement once (`plan_cache_mode = force_generic_plan`),
   * instead of again on every call. On PGlite, and through a pooler (DATABASE_DIRECT_URL set), `db`.
   */
  plannedOnce: Db;
  /**
   * Whether statements may be prepared under a name that outlives the call: not through PgBouncer in transaction
   * mode (DATABASE_DIRECT_URL set), whose next transaction may run on another server connection (PgBouncer before
   * 1.21, Debian 12 ships 1.18, does not carry them over).
   */
  namedStatements: boolean;
  /**
   * PostgreSQL only (null on PGlite): the bytes of `COPY (query) TO STDOUT WITH (...)` streamed from a connection of
   * its own, at the pace the reader takes them. The exports use it so a million rows are formatted by the database,
   * as `psql \copy` does, instead of row by row in JavaScript.
   */
  copyOut: ((query: SQL, options: string) => Readable) | null;
}

export interface Database extends Reader {
  kind: 'pglite' | 'postgres';
  /** The replica of DATABASE_REPLICA_URL for reads that may lag, or null (every read on the primary). */
  replica: Reader | null;
  /** With a replica: the primary's WAL position now (`pg_current_wal_lsn()`), which a write's commit is before. */
  walPosition(): Promise<string | null>;
  /** With a replica: how far it has replayed the primary's WAL (`pg_last_wal_replay_lsn()`). */
  replicaReplayed(): Promise<string | null>;
  migrate(): Promise<void>;
  /**
   * SQL text with `$n` parameters, for a library that brings its own statements (the job queue, queue.ts). Without
   * parameters the text may hold several statements (a schema to create); the answer is the last one's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Cheap liveness probe for /readyz. */
  ping(): Promise<void>;
  /**
   * Tell every process on this database (PostgreSQL NOTIFY) that `sender` (the process id by default) changed
   * something; `listen` hears it, ours included. On PGlite, which one process opens at a time, both do nothing.
   */
  notify(channel: string, sender?: string): Promise<void>;
  /**
   * Call `onNotice` with the sender of each notice of `channel` (null after a lost connection: a notice may have
   * been missed) until the returned function is called.
   */
  listen(channel: string, onNotice: (sender: string | null) => void): Promise<() => Promise<void>>;
  /** Each connection pool's state, for /metrics: the two pools on PostgreSQL (three with a replica), none on PGlite. */
  poolStats(): PoolStats[];
  close(): Promise<void>;
}

/** pg's own counters: connections open, of them idle, and queries waiting for one. */
export interface PoolStats {
  pool: 'main' | 'planned_once' | 'replica';
  total: number;
  idle: number;
  waiting: number;
}
const statsOf = (pool: pg.Pool, name: PoolStats['pool']): PoolStats => ({
  pool: name,
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/** The key of the session advisory lock the migrations run under (any fixed number no other lock uses). */
export const MIGRATION_LOCK = 29_001;

/**
 * Apply the migrations holding a session advisory lock on a connection of their own: nodes starting together
 * take turns, and each after the first finds nothing left to do. Without it two could both read "not applied"
 * and both run the same migration, the second failing half-way. It needs a session of its own, so `url` is the
 * primary itself, never PgBouncer in transaction mode (DATABASE_DIRECT_URL).
 */
async function migrateLocked(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    // Ending the session lets the lock go, also when a migration failed.
    await client.end().catch(() => {});
  }
}

/** The connection option of `plannedOnce`'s pool. */
export const PLANNED_ONCE = '-c plan_cache_mode=force_generic_plan';

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/drizzle');

export interface DatabaseOptions {
  /** PostgreSQL server (through PgBouncer when `directUrl` is set); null: embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string | null;
  /**
   * DATABASE_DIRECT_URL: the primary itself, when `databaseUrl` goes through PgBouncer in transaction mode. What
   * needs one session across statements runs there: the migrations under their advisory lock, and LISTEN.
   */
  directUrl?: string | null;
  /** DATABASE_REPLICA_URL: a streaming replica for reads that may lag. */
  replicaUrl?: string | null;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    // Through a pooler a connection's startup options are refused or lost (PgBouncer: "unsupported startup
    // parameter"), and so are named statements: every statement is planned for its values instead.
    const pooled = Boolean(opts.directUrl);
    const direct = opts.directUrl ?? url;
    const pool = poolOf(url, 10);
    const plannedOncePool = pooled ? pool : poolOf(url, 4, PLANNED_ONCE);
    const replicaPool = opts.replicaUrl ? poolOf(opts.replicaUrl, 10) : null;
    const db = drizzlePg(pool) as unknown as Db;
    const lsnOf = async (p: pg.Pool, query: string) => (await p.query<{ lsn: string | null }>(query)).rows[0]!.lsn;
    return {
      db,
      plannedOnce: pooled ? db : (drizzlePg(plannedOncePool) as unknown as Db),
      namedStatements: !pooled,
      kind: 'postgres',
      replica: replicaPool && {
        db: drizzlePg(replicaPool) as unknown as Db,
        plannedOnce: drizzlePg(replicaPool) as unknown as Db,
        namedStatements: !pooled,
        copyOut: (query, options) => copyOutOf(replicaPool, `copy (${inlineSql(query)}) to stdout with (${options})`),
      },
      walPosition: async () => (replicaPool ? lsnOf(pool, 'select pg_current_wal_lsn()::text as lsn') : null),
      // A server that is not replaying (a test pointing the replica at the primary) has everything it wrote.
      replicaReplayed: async () =>
        replicaPool
          ? lsnOf(
              replicaPool,
              'select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end)::text as lsn',
            )
          : null,
      migrate: () => migrateLocked(direct),
      executeSql: (text, values) => pool.query(text, values),
      ping: async () => void (await pool.query('select 1')),
      notify: async (channel, sender = String(process.pid)) =>
        void (await pool.query('select pg_notify($1, $2)', [channel, sender])),
      listen: (channel, onNotice) => listenOn(direct, channel, onNotice),
      copyOut: (query, options) => copyOutOf(pool, `copy (${inlineSql(query)}) to stdout with (${options})`),
      poolStats: () => [
        statsOf(pool, 'main'),
        ...(pooled ? [] : [statsOf(plannedOncePool, 'planned_once')]),
        ...(replicaPool ? [statsOf(replicaPool, 'replica')] : []),
      ],
      close: async () =>
        void (await Promise.all(
          [pool, ...(pooled ? [] : [plannedOncePool]), ...(replicaPool ? [replicaPool] : [])].map((p) => p.end()),
        )),
    };
  }
  // drizzle's PGlite driver calls only what the worker's client offers (pglite-in-worker.ts).
  const migrateClient = (client: EmbeddedDatabase) =>
    migratePglite(drizzlePglite(client as unknown as PGlite), { migrationsFolder: MIGRATIONS_DIR });
  const open = async (dir?: string) => {
    const client = openPgliteInWorker(dir);
    try {
      await client.waitReady;
    } catch (err) {
      await client.close().catch(() => {});
      throw err;
    }
    return client;
  };
  let dataPath: string | undefined;
  if (opts.dataDir) {
    dataPath = path.join(opts.dataDir, 'pglite');
    // A new directory starts as a copy of a migrated empty cluster (pglite-template.ts), else PGlite runs initdb.
    if (!fs.existsSync(path.join(dataPath, 'PG_VERSION'))) {
      await copyTemplateInto(dataPath, open, async (c) => void (await migrateClient(c)), MIGRATIONS_DIR);
    }
    fs.mkdirSync(dataPath, { recursive: true });
  }
  const client = await open(dataPath);
  const db = drizzlePglite(client as unknown as PGlite) as unknown as Db;
  return {
    db,
    plannedOnce: db,
    namedStatements: true,
    kind: 'pglite',
    replica: null,
    walPosition: async () => null,
    replicaReplayed: async () => null,
    migrate: () => migrateClient(client),
    executeSql: async (text, values) => {
      // PGlite's extended protocol takes one statement; a script without parameters goes through exec.
      if (values?.length) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
    ping: async () => void (await db.execute(sql`select 1`)),
    notify: async () => {},
    listen: async () => async () => {},
    copyOut: null,
    poolStats: () => [],
    close: () => client.close(),
  };
}

const dialect = new PgDialect();

/**
 * A query with its parameters written in as literals: COPY takes no bind parameters. Values are the driver's
 * (drizzle has already turned dates into ISO strings); strings go through pg's own literal escaping.
 */
export const inlineSql = (query: SQL): string => inlineQuery(dialect.sqlToQuery(query));

/** A built query (`.toSQL()`) with its parameters written in (EXPLAIN on PGlite's simple protocol takes none either). */
export function inlineQuery({ sql: text, params }: { sql: string; params: unknown[] }): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  // An empty array literal has no type to infer: '{}' takes the type of what it is compared with.
  if (Array.isArray(value)) return value.length ? `array[${value.map(literal).join(', ')}]` : "'{}'";
  return pg.escapeLiteral(String(value));
}

/**
 * COPY's output from a pooled connection. The connection goes back to the pool when the copy ends; when the reader
 * goes away half-way (the browser closed the download) it is closed instead, since it is still in COPY mode.
 */
function copyOutOf(pool: pg.Pool, statement: string): Readable {
  const out = new PassThrough();
  pool.connect().then(
    (client) => {
      const copy = client.query(copyTo(statement));
      pipeline(copy, out, (err) => client.release(err ?? undefined));
    },
    (err: Error) => out.destroy(err),
  );
  return out;
}

/**
 * A connection of its own that LISTENs to `channel` (a pooled one cannot: it goes back to the pool). When the
 * connection is lost it comes back within a second and calls `onNotice(null)` once, since a notice may have been
 * missed meanwhile.
 */
async function listenOn(
  url: string,
  channel: string,
  onNotice: (sender: string | null) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (missedSome: boolean) => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    c.on('notification', (n) => n.channel === channel && onNotice(n.payload ?? null));
    c.on('error', () => reconnect());
    try {
      await c.connect();
      await c.query(`listen "${channel.replace(/"/g, '""')}"`);
      if (stopped) return void (await c.end());
      client = c;
      if (missedSome) onNotice(null);
    } catch {
      void c.end().catch(() => {});
      reconnect();
    }
  };
  const reconnect = () => {
    if (stopped || retry) return;
    const dead = client;
    client = null;
    void dead?.end().catch(() => {});
    retry = setTimeout(() => {
      retry = undefined;
      void connect(true);
    }, 1000);
    retry.unref();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
