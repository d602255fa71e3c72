// The benchmarks' orders: a database with the demo data and a million orders over 90 days in the demo
// organisation (`generateDemoOrders`, what `npm run ops -- demo:orders` runs), plus one bound payment code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { seedDemoIfEmpty } from '../../apps/server/src/sandbox/seed-demo.ts';
import { generateDemoOrders } from '../../apps/server/src/sandbox/demo-orders.ts';

export const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
export const DAYS = 90;
export const TZ = 'Asia/Shanghai';
/** The payment code the cashier benchmark pays on (bound to M100000001). */
export const BENCH_CODE = '900000000001';

export interface OrdersDb {
  label: 'PGlite' | 'PostgreSQL';
  /** Env for a server on this database. */
  env: Record<string, string>;
  /** PostgreSQL's URL of the database (for psql); null on PGlite. */
  url: string | null;
  dataDir: string | null;
  generateSeconds: number;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

async function fill(database: Database): Promise<number> {
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  const started = performance.now();
  await generateDemoOrders(database.db, {
    orders: ORDERS,
    days: DAYS,
    companyId: 1,
    tz: TZ,
    progress: (n) => process.stderr.write(`\r  ${n.toLocaleString('en')} orders`),
  });
  process.stderr.write('\n');
  const seconds = (performance.now() - started) / 1000;
  await database.db.execute(sql`
    insert into code_batches (company_id, batch_no, count) values (1, 'BBENCH', 1);
  `);
  await database.db.execute(sql`
    insert into payment_codes (company_id, batch_id, code_no, status, merchant_id)
    select 1, b.id, ${BENCH_CODE}, 'BOUND', m.id from code_batches b, merchants m
    where b.batch_no = 'BBENCH' and m.mch_no = 'M100000001'`);
  await database.db.execute(sql`analyze`);
  return seconds;
}

export async function pgliteOrders(): Promise<OrdersDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-bench-orders-'));
  const database = await openDatabase({ databaseUrl: null, dataDir });
  const generateSeconds = await fill(database);
  await database.close();
  return {
    label: 'PGlite',
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    url: null,
    dataDir,
    generateSeconds,
    open: () => openDatabase({ databaseUrl: null, dataDir }),
    drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * The database's name on the server (BENCH_ORDERS_DB): two checkouts benchmarking on one PostgreSQL server at once
 * would otherwise drop each other's.
 */
const POSTGRES_NAME = process.env.BENCH_ORDERS_DB ?? 'mchweb_bench_orders';
/**
 * BENCH_ORDERS_KEEP=1: the PostgreSQL database is kept after the run, and a run that finds it already filled (by a
 * run of the last day: the benchmarks' filters reach 30 days back from now) uses it as it is, to measure a change
 * before and after without making a million orders twice.
 */
const KEEP = process.env.BENCH_ORDERS_KEEP === '1';

export async function postgresOrders(serverUrl: string): Promise<OrdersDb> {
  const name = POSTGRES_NAME;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let generateSeconds = 0;
  if (!(KEEP && (await filledToday(serverUrl, url.toString())))) {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
    generateSeconds = await fill(database);
    await database.close();
  }
  return {
    label: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    url: url.toString(),
    dataDir: null,
    generateSeconds,
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir: null }),
    drop: async () => void (KEEP || (await admin(`drop database if exists ${name} with (force)`))),
  };
}

/** Whether the kept database exists and holds the benchmark's orders, the newest of the last day. */
async function filledToday(serverUrl: string, url: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [POSTGRES_NAME]);
  await admin.end();
  if (!rowCount) return false;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: string; fresh: boolean }>(
      `select (select count(*) from orders where company_id = 1) as n,
        (select max(created_at) from orders) > now() - interval '1 day' as fresh`,
    );
    return Number(rows[0]!.n) >= ORDERS && rows[0]!.fresh === true;
  } catch {
    return false; // a database of an older schema, or half made
  } finally {
    await c.end();
  }
}
