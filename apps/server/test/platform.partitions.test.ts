import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashierOrder } from '@mchweb/contract';
import type { Db } from '../src/db/client.ts';
import { isUniqueViolation } from '../src/errors.ts';
import { insertOrder } from '../src/modules/order/order-keys.ts';
import { makePartitionsAhead, partitionJob, partitionWorkers, PARTITION_QUEUE } from '../src/partition-job.ts';
import type { Queue } from '../src/queue.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { codeFor, newKey, paid, refundNotify } from './payment-fixtures.ts';

// Issue 29, "Data that grows": orders, ledger entries and audit rows partitioned by business month (migration 0015,
// partition-job.ts). What a fresh database has, what the job adds, where a row with no month partition goes, and
// the keys that stay unique across months (order_keys).
const TZ = 'Asia/Shanghai';
const TABLES = ['orders', 'ledger_entries', 'audit_log'];
/** The business month `n` months after the one of `at`, as YYYY_MM (a partition's suffix). */
function monthOf(at: Date, n = 0): string {
  const [y, m] = at.toLocaleDateString('sv-SE', { timeZone: TZ }).split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + n, 1));
  return `${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const partitionsOf = async (db: Db, table: string) =>
  (
    await rows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = ${table}::regclass order by 1`,
    )
  ).map((r) => r.name);
/** The partition an order's row is stored in. */
const partitionOfOrder = async (db: Db, orderNo: string) =>
  (
    await rows<{ part: string }>(
      db,
      sql`select tableoid::regclass::text as part from orders where order_no = ${orderNo}`,
    )
  )[0]?.part;

let t: TestApp;
let payer: TestClient;
let owner: TestClient;
let code: string;
beforeAll(async () => {
  t = await createTestApp();
  payer = t.client();
  owner = await t.signIn('13800138000');
  code = await codeFor(t.database.db, 'M100000001');
});
afterAll(async () => t.close());

describe('month partitions (issue 29)', () => {
  it('a migrated database has this month and the next two (at least), and a DEFAULT partition, for each table', async () => {
    const now = new Date();
    for (const table of TABLES) {
      const parts = await partitionsOf(t.database.db, table);
      for (const n of [0, 1, 2]) expect(parts).toContain(`${table}_${monthOf(now, n)}`);
      expect(parts).toContain(`${table}_default`);
    }
    // The demo's orders of the last 30 days are in their months' partitions, none in DEFAULT.
    const inDefault = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders_default`);
    expect(inDefault[0]!.n).toBe(0);
  });

  it("the job sends one job a business day, and its worker makes that month's partitions and the next three's", async () => {
    const sent: { name: string; key?: string; day: string }[] = [];
    const queue = {
      send: async (name: string, jobs: { data: { day: string }; key?: string }[]) =>
        void sent.push(...jobs.map((j) => ({ name, key: j.key, day: j.data.day }))),
      wake: () => {},
    } as unknown as Queue;
    const later = new Date(Date.now() + 400 * 86_400_000); // months nobody made yet
    await partitionJob(queue, TZ).run({ now: later } as Parameters<ReturnType<typeof partitionJob>['run']>[0]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ name: PARTITION_QUEUE, key: `partitions:${sent[0]!.day}` });
    const [worker] = partitionWorkers({ db: t.database.db, log: t.app.log, tz: TZ });
    await worker!.handle({ id: 'x', data: { day: sent[0]!.day }, try: 1, lastTry: false });
    for (const table of TABLES) {
      const parts = await partitionsOf(t.database.db, table);
      for (const n of [0, 1, 2, 3]) expect(parts).toContain(`${table}_${monthOf(later, n)}`);
    }
    // Run again (another node, a retry): nothing more to make.
    expect(await makePartitionsAhead(t.database.db, TZ, sent[0]!.day)).toBe(0);
  });

  it('a month partition covers exactly the business month in the business zone', async () => {
    const [b] = await rows<{ bound: string }>(
      t.database.db,
      sql`select pg_get_expr(c.relpartbound, c.oid) as bound from pg_class c where c.relname = ${`orders_${monthOf(new Date())}`}`,
    );
    const [y, m] = monthOf(new Date()).split('_');
    // Midnight in Shanghai is 16:00 UTC the day before.
    const start = new Date(Date.UTC(Number(y), Number(m) - 1, 1) - 8 * 3600_000);
    const [s] = await rows<{ at: string }>(
      t.database.db,
      sql`select (regexp_match(${b!.bound}, 'FROM \\(''([^'']*)''\\)'))[1]::timestamptz = ${start.toISOString()}::timestamptz as at`,
    );
    expect(s!.at).toBe(true);
  });

  it('an order of a month with no partition lands in DEFAULT; the job then moves it, its refund and keys along', async () => {
    const db = t.database.db;
    const orderNo = await paid(payer, code, 5_000);
    const r = await owner.post<{ refundNo: string }>('/api/merchant/order/refund', {
      orderNo,
      amountFen: 1_000,
      reason: 'partition test',
      idempotencyKey: newKey(),
    });
    expect(r.body.code).toBe(200);
    await refundNotify(payer, r.body.data.refundNo, 'SUCCESS');
    // Far ahead: a month nobody made a partition for (the refund's and the keys' copies of the key follow).
    const far = new Date(Date.now() + 900 * 86_400_000);
    await db.execute(sql`update orders set created_at = ${far.toISOString()}::timestamptz where order_no = ${orderNo}`);
    expect(await partitionOfOrder(db, orderNo)).toBe('orders_default');
    const made = await makePartitionsAhead(db, TZ, far.toLocaleDateString('sv-SE', { timeZone: TZ }));
    expect(made).toBeGreaterThanOrEqual(3);
    expect(await partitionOfOrder(db, orderNo)).toBe(`orders_${monthOf(far)}`);
    const [kept] = await rows<{ refunds: number; keys: number; fks: number }>(
      db,
      sql`select (select count(*)::int from refunds f join orders o on o.id = f.order_id
            and o.created_at = f.order_created_at where o.order_no = ${orderNo}) as refunds,
          (select count(*)::int from order_keys k join orders o on o.id = k.order_id and o.created_at = k.created_at
            where o.order_no = ${orderNo}) as keys,
          (select count(*)::int from pg_constraint where conname in ('refunds_order_fk', 'order_keys_order_fk')
            and conparentid = 0) as fks`,
    );
    expect(kept).toEqual({ refunds: 1, keys: 1, fks: 2 });
    // The order is still found and refundable in the back office.
    const detail = await owner.get<{ orderNo: string; refundedFen: number }>('/api/merchant/order/detail', { orderNo });
    expect(detail.body.data).toMatchObject({ orderNo, refundedFen: 1_000 });
  });

  it("a payer's retry with the same key finds the first order across a month's end", async () => {
    const key = newKey();
    const body = { codeNo: code, amountFen: 1_234, channel: 'WECHAT', idempotencyKey: key };
    const first = await payer.post<CashierOrder>('/api/pay/order', body);
    expect(first.body.code).toBe(200);
    // The first order made last month (its partition changes; its keys follow): the retry comes this month.
    await t.database.db.execute(
      sql`update orders set created_at = created_at - interval '35 days' where order_no = ${first.body.data.orderNo}`,
    );
    expect(await partitionOfOrder(t.database.db, first.body.data.orderNo)).toBe(
      `orders_${monthOf(new Date(Date.now() - 35 * 86_400_000))}`,
    );
    const retry = await payer.post<CashierOrder>('/api/pay/order', body);
    expect(retry.body.data.orderNo).toBe(first.body.data.orderNo);
    const [n] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where code_no = ${code} and idempotency_key = ${key}`,
    );
    expect(n!.n).toBe(1);
  });

  it('an order number stays unique platform-wide: the same number in another month is refused', async () => {
    const db = t.database.db;
    const orderNo = await paid(payer, code, 700);
    const [o] = await rows<{ company_id: number; merchant_id: number }>(
      db,
      sql`select company_id, merchant_id from orders where order_no = ${orderNo}`,
    );
    const again = db.transaction((tx) =>
      insertOrder(tx, {
        orderNo,
        companyId: o!.company_id,
        merchantId: o!.merchant_id,
        channel: 'WECHAT',
        amountFen: 1,
        rateTenths: 38,
        feeFen: 0,
        idempotencyKey: newKey(),
        requestHash: 'x',
        createdAt: new Date(Date.now() + 40 * 86_400_000),
      }),
    );
    await expect(again).rejects.toSatisfy(isUniqueViolation);
    const [n] = await rows<{ n: number }>(db, sql`select count(*)::int as n from orders where order_no = ${orderNo}`);
    expect(n!.n).toBe(1);
  });
});

describe('making partitions on several nodes at once (PostgreSQL)', () => {
  it.runIf(process.env.DATABASE_URL)('two callers at once make each partition once and neither fails', async () => {
    const url = (t.database as { url?: string }).url;
    const { openDatabase } = await import('../src/db/client.ts');
    const nodes = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: url!, dataDir: null })));
    try {
      const day = new Date(Date.now() + 2000 * 86_400_000).toLocaleDateString('sv-SE', { timeZone: TZ });
      const made = await Promise.all(nodes.map((n) => makePartitionsAhead(n.db, TZ, day)));
      expect(made[0]! + made[1]!).toBe(4 * TABLES.length);
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
  });
});
