import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayStart } from '../src/business-day.ts';
import { RECONCILE_CHECKS } from '../src/modules/index.ts';
import { checkLedger, merchantsMovedOn } from '../src/modules/ledger/index.ts';
import {
  enqueueSettlement,
  SETTLE_QUEUE,
  settlementDays,
  settlementWorkers,
  type SettlementQueueDeps,
} from '../src/modules/settlement/index.ts';
import { createQueue, type Queue } from '../src/queue.ts';
import { generateDemoOrders } from '../src/sandbox/demo-orders.ts';
import { seedDemoIfEmpty } from '../src/sandbox/seed-demo.ts';
import { freshDatabase } from './harness.ts';
import { shanghaiDay } from './payment-fixtures.ts';

// Settlement on the job queue: the daily job enqueues one job per merchant-day, two "processes" (two pg-boss
// instances on one database) take them, pg-boss retries what throws. Failures are the database's own: a trigger
// that refuses a merchant's SETTLED record (always, or once through a sequence, which a rollback does not undo).
const TZ = 'Asia/Shanghai';
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
let database: Awaited<ReturnType<typeof freshDatabase>>;
const queues: Queue[] = [];
const deps: SettlementQueueDeps[] = [];
let newMerchants: number[] = [];

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
const movedOn = (day: string) => merchantsMovedOn(database.db, dayStart(day, TZ), dayStart(addDays(day, 1), TZ));
const recordsOf = (day: string) =>
  rows<{ merchant_id: number; status: string; attempts: number; fail_reason: string | null }>(
    sql`select merchant_id, status, attempts, fail_reason from settlements where settle_date = ${day}
        order by merchant_id`,
  );
const runOf = async (day: string) =>
  (
    await rows<{
      merchants: number;
      settled: number;
      failed: number;
      finished_at: Date | null;
      reconciled_at: Date | null;
      differences: number | null;
    }>(sql`select * from settlement_runs where settle_date = ${day}`)
  )[0];
/** SETTLEMENT postings of the demo's merchants on `day` (made by the seed, before the new merchants' orders). */
const demoSettled = async (day: string) =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from settlements where settle_date = ${day} and net_fen <> 0
          and merchant_id not in (select id from merchants where mch_no like 'M3%')`,
    )
  )[0]!.n;
async function reconciled(day: string) {
  for (let i = 0; i < 600; i++) {
    const run = await runOf(day);
    if (run?.reconciled_at) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${day} was not reconciled in time`);
}

beforeAll(async () => {
  database = await freshDatabase();
  await seedDemoIfEmpty(database.db, undefined, { days: 30 });
  // The demo is settled up to yesterday: six new merchants with three days of orders are not.
  await database.db.execute(sql`
    insert into merchants (company_id, mch_no, name, short_name, type, category, status, account_type, bank_name,
      account_name, account_number)
    select 1, 'M3' || lpad(g::text, 8, '0'), 'Queue test ' || g, 'QT' || g, 'INDIVIDUAL', 'RETAIL', 'ACTIVE',
      'PERSONAL', '中国工商银行', 'Test', '6222020200' || lpad(g::text, 9, '0')
    from generate_series(1, 6) g`);
  await database.db.execute(sql`
    insert into merchant_channel_rates (merchant_id, channel, rate_tenths)
    select id, 'WECHAT', 38 from merchants where mch_no like 'M3%'`);
  await database.db.execute(
    sql`update merchants set status = 'FROZEN' where mch_no not like 'M3%' and status = 'ACTIVE'`,
  );
  await generateDemoOrders(database.db, { orders: 300, days: 3, tz: TZ });
  // The seed recorded its days as run (as the job would have); these three days get new orders, so run them again.
  await database.db.execute(sql`delete from settlement_runs`);
  await database.db.execute(
    sql`update merchants set status = 'ACTIVE' where mch_no in ('M100000001', 'M100000002', 'M100001001')`,
  );
  newMerchants = (await rows<{ id: number }>(sql`select id from merchants where mch_no like 'M3%' order by id`)).map(
    (r) => Number(r.id),
  );
  // Two processes' queues, retrying after a second (the service waits 30 s, doubling).
  for (let i = 0; i < 2; i++) {
    const queue = createQueue(database, quiet);
    const d = {
      db: database.db,
      queue,
      log: quiet,
      settings: { tz: TZ },
      settleAt: '02:00',
      reconcileChecks: RECONCILE_CHECKS,
    };
    await queue.start(settlementWorkers(d, { limit: 2, delaySeconds: 1, backoff: false }));
    queues.push(queue);
    deps.push(d);
  }
}, 60_000);
afterAll(async () => {
  for (const q of queues) await q.stop();
  await database?.drop();
});

describe('settlement on the job queue', () => {
  it('a day with several merchants, enqueued by two processes at once: one job and one settlement each', async () => {
    const day = shanghaiDay(-1);
    const merchants = await movedOn(day);
    expect(merchants).toEqual(expect.arrayContaining(newMerchants));
    const sent = await Promise.all([enqueueSettlement(deps[0]!, day), enqueueSettlement(deps[1]!, day)]);
    expect(sent.sort()).toEqual([merchants.length, null]);
    // A job sent again under the same key is the same job.
    await queues[1]!.send(SETTLE_QUEUE, [
      { data: { merchantId: merchants[0], day }, key: `settle:${merchants[0]}:${day}` },
    ]);
    const run = await reconciled(day);
    const jobs = await rows<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = ${SETTLE_QUEUE} and data->>'day' = ${day}`,
    );
    expect(jobs[0]!.n).toBe(merchants.length);
    const records = await recordsOf(day);
    expect(records.map((r) => [r.merchant_id, r.status])).toEqual(merchants.map((m) => [m, 'SETTLED']));
    const [posted] = await rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where kind = 'SETTLEMENT'
          and ref_no like ${`S${day.replace(/-/g, '')}%`}`,
    );
    // Each new merchant settled here, once (the demo's were settled by the seed: their jobs changed nothing).
    expect(posted!.n).toBe(newMerchants.length + (await demoSettled(day)));
    expect(run).toMatchObject({ merchants: merchants.length, settled: merchants.length, failed: 0, differences: 0 });
    expect(await checkLedger(database.db)).toEqual([]);
    // The next minute's look (or a restart) enqueues nothing.
    expect(await enqueueSettlement(deps[0]!, day)).toBeNull();
  }, 60_000);

  it('a merchant-day that throws once is retried and settled; one that always throws is FAILED, the rest settled', async () => {
    const day = shanghaiDay(-2);
    const merchants = await movedOn(day);
    const [once, always] = newMerchants as [number, number];
    for (const statement of [
      'create sequence settle_fail_once',
      `create function settle_refuse() returns trigger language plpgsql as $$
      begin
        if new.merchant_id = ${always} or (new.merchant_id = ${once} and nextval('settle_fail_once') = 1) then
          raise exception 'the disk is full (merchant %)', new.merchant_id;
        end if;
        return new;
      end $$`,
      `create trigger settle_refuse before insert on settlements for each row
        when (new.status = 'SETTLED' and new.settle_date = '${day}') execute function settle_refuse()`,
    ])
      await database.db.execute(sql.raw(statement));
    try {
      expect(await enqueueSettlement(deps[0]!, day)).toBe(merchants.length);
      const run = await reconciled(day);
      const records = await recordsOf(day);
      expect(records.map((r) => r.merchant_id)).toEqual(merchants);
      const by = new Map(records.map((r) => [r.merchant_id, r]));
      // Settled on pg-boss's second try: the console counts it as retried.
      expect(by.get(once)).toMatchObject({ status: 'SETTLED', attempts: 2 });
      expect(by.get(always)!.status).toBe('FAILED');
      expect(by.get(always)!.fail_reason).toMatch(/disk is full/);
      for (const m of merchants.filter((x) => x !== once && x !== always)) expect(by.get(m)!.status).toBe('SETTLED');
      // The run counts them and the reconciliation, run after the last merchant job, finds the FAILED one.
      expect(run).toMatchObject({ merchants: merchants.length, settled: merchants.length - 1, failed: 1 });
      expect(run!.differences).toBeGreaterThanOrEqual(1);
      const settledAt = await rows<{ last: Date }>(
        sql`select max(settled_at) as last from settlements where settle_date = ${day}`,
      );
      expect(new Date(run!.reconciled_at!).getTime()).toBeGreaterThanOrEqual(new Date(settledAt[0]!.last).getTime());
      const [console] = await settlementDays(database.db, day, day);
      expect(console).toMatchObject({ day, settled: merchants.length - 1, failed: 1, retried: 1, pending: 0 });
      expect(console!.finishedAt).not.toBeNull();
      expect(await checkLedger(database.db)).toEqual([]);
    } finally {
      await database.db.execute(sql`drop trigger settle_refuse on settlements`);
    }
  }, 60_000);
});
