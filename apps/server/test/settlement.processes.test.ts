import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { seedDemoIfEmpty } from '../src/sandbox/seed-demo.ts';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { generateDemoOrders } from '../src/sandbox/demo-orders.ts';
import { dayFigures } from '../src/modules/settlement/index.ts';
import { addDays, dayStart } from '../src/business-day.ts';
import { freshDatabase } from './harness.ts';
import { shanghaiDay } from './payment-fixtures.ts';

/**
 * Exactly once across processes (PostgreSQL only: PGlite is opened by one process at a time): two operator
 * commands settling the same day at once, and one killed with SIGKILL half-way and run again. Forty merchants
 * with three days of orders each.
 */
const url = process.env.DATABASE_URL;
const MERCHANTS = 40;
let database: Awaited<ReturnType<typeof freshDatabase>>;

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

function settle(day: string) {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', 'settle:run', '--date', day], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
const exited = (child: ReturnType<typeof settle>) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });

/** Every merchant-day of `day` with movements has exactly one SETTLED record whose figures are the ledger's. */
async function assertSettledOnce(day: string) {
  const counts = await rows<{ merchant_id: number; n: string; status: string; net_fen: string }>(
    sql`select merchant_id, count(*) over (partition by merchant_id) as n, status, net_fen from settlements
        where settle_date = ${day}`,
  );
  expect(counts.length).toBeGreaterThanOrEqual(MERCHANTS);
  for (const r of counts) {
    expect([Number(r.n), r.status]).toEqual([1, 'SETTLED']);
    const f = await dayFigures(
      database.db,
      Number(r.merchant_id),
      dayStart(day, 'Asia/Shanghai'),
      dayStart(addDays(day, 1), 'Asia/Shanghai'),
    );
    expect(Number(r.net_fen)).toBe(f!.netFen);
  }
  const [posted] = await rows<{ n: string }>(
    sql`select count(*) as n from ledger_transactions where kind = 'SETTLEMENT' and ref_no like ${`S${day.replace(/-/g, '')}%`}`,
  );
  expect(Number(posted!.n)).toBe(counts.filter((r) => Number(r.net_fen) !== 0).length);
  expect(await checkLedger(database.db)).toEqual([]);
}

describe.skipIf(!url)('settlement across processes (PostgreSQL)', () => {
  beforeAll(async () => {
    database = await freshDatabase();
    await seedDemoIfEmpty(database.db);
    await database.db.execute(sql`
      insert into merchants (company_id, mch_no, name, short_name, type, category, status, account_type, bank_name,
        account_name, account_number)
      select 1, 'M3' || lpad(g::text, 8, '0'), 'Settle test ' || g, 'ST' || g, 'INDIVIDUAL', 'RETAIL', 'ACTIVE',
        'PERSONAL', '中国工商银行', 'Test', '6222020200' || lpad(g::text, 9, '0')
      from generate_series(1, ${MERCHANTS}) g`);
    await database.db.execute(sql`
      insert into merchant_channel_rates (merchant_id, channel, rate_tenths)
      select id, 'WECHAT', 38 from merchants where mch_no like 'M3%'`);
    // Only the new merchants' orders: three days of them, ending now.
    await database.db.execute(
      sql`update merchants set status = 'FROZEN' where mch_no not like 'M3%' and status = 'ACTIVE'`,
    );
    await generateDemoOrders(database.db, { orders: 12_000, days: 3, tz: 'Asia/Shanghai' });
    await database.db.execute(
      sql`update merchants set status = 'ACTIVE' where mch_no in ('M100000001', 'M100000002', 'M100001001')`,
    );
  }, 120_000);
  afterAll(async () => database?.drop());

  it(
    'two processes settling the same day at once make one settlement per merchant-day',
    { timeout: 120_000 },
    async () => {
      const day = shanghaiDay(-1);
      const [a, b] = await Promise.all([exited(settle(day)), exited(settle(day))]);
      expect([a.code, b.code], a.out + b.out).toEqual([0, 0]);
      await assertSettledOnce(day);
      // And a third run changes nothing.
      const again = await exited(settle(day));
      expect(again.out).toMatch(/0 settled, 0 failed/);
    },
  );

  it(
    'killed with SIGKILL half-way and run again: every merchant-day settled once, the ledger balanced',
    { timeout: 120_000 },
    async () => {
      const day = shanghaiDay(-2);
      // The twentieth merchant's pending balance is held locked, so the run stops there, half-way, whatever the
      // machine's speed (unheld, a quick run had settled every merchant before the kill once).
      let release!: () => void;
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ledger_balances
          where account = (select 'mch:' || id || ':pending' from merchants where mch_no = 'M300000020') for update`);
        locked();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await isLocked;
      const child = settle(day);
      const done = exited(child);
      // Wait for the first settlements of the day to land, then kill without warning.
      for (let i = 0; i < 600; i++) {
        const [n] = await rows<{ n: string }>(sql`select count(*) as n from settlements where settle_date = ${day}`);
        if (Number(n!.n) >= 3) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      child.kill('SIGKILL');
      await done;
      release();
      await holder;
      const [partial] = await rows<{ n: string }>(
        sql`select count(*) as n from settlements where settle_date = ${day}`,
      );
      expect(Number(partial!.n)).toBeLessThan(MERCHANTS);
      expect(await checkLedger(database.db)).toEqual([]);
      const rerun = await exited(settle(day));
      expect(rerun.code, rerun.out).toBe(0);
      await assertSettledOnce(day);
    },
  );
});
