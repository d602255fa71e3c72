import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { REPO_ROOT } from '../config.ts';

/** The one database type every module codes against: identical on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Cheap liveness probe for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/drizzle');

export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string | null }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 3000 });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // Nor one checked out (inside a transaction): pg emits 'error' on it, and the pool listens only while it is
    // idle. The running query fails (answered 503) and the pool drops the dead client when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  let dataPath: string | undefined;
  if (opts.dataDir) {
    dataPath = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dataPath, { recursive: true });
  }
  // On disk only: measured, loading the copy into the in-memory file system is slower than initdb itself.
  const fresh = dataPath !== undefined && !fs.existsSync(path.join(dataPath, 'PG_VERSION'));
  const template = fresh ? readInitdbTemplate() : null;
  const client = new PGlite(dataPath, template ? { loadDataDir: template } : {});
  await client.waitReady;
  if (fresh && !template) await saveInitdbTemplate(() => client.dumpDataDir('none'));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}

/*
 * A fresh PGlite database runs initdb, about 1.5 s of the 2-core machine's time (most of a first start). Its
 * result is the same every time for one PGlite version, so the first fresh data directory on a machine keeps a
 * copy (a tar of the empty cluster, before our migrations, in node_modules/.cache/mchweb) and later fresh ones
 * start from it in about 0.5 s. Any problem with the copy falls back to initdb; MCHWEB_PGLITE_TEMPLATE=0 skips it.
 */
const TEMPLATE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/mchweb');

function templateFile(): string | null {
  try {
    const pkg = path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json');
    const { version } = JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string };
    return path.join(TEMPLATE_DIR, `pglite-${version}-initdb.tar`);
  } catch {
    return null;
  }
}

function readInitdbTemplate(): Blob | null {
  const file = templateFile();
  if (!file || process.env.MCHWEB_PGLITE_TEMPLATE === '0') return null;
  try {
    return new Blob([fs.readFileSync(file)]);
  } catch {
    return null;
  }
}

async function saveInitdbTemplate(dump: () => Promise<Blob>) {
  const file = templateFile();
  if (!file || process.env.MCHWEB_PGLITE_TEMPLATE === '0') return;
  try {
    const bytes = Buffer.from(await (await dump()).arrayBuffer());
    fs.mkdirSync(TEMPLATE_DIR, { recursive: true });
    // Written under a unique name and renamed: concurrent test workers never read half a file.
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
  } catch {
    // Only a speed-up: the next fresh database runs initdb again.
  }
}
