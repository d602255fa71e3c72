import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPage, OrderSummary } from '@mchweb/contract';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { generateDemoOrders } from '../src/sandbox/demo-orders.ts';
import { sql } from 'drizzle-orm';
import { DEMO_DAYS, seedDemoIfEmpty } from '../src/sandbox/seed-demo.ts';
import { createTestApp, freshDatabase, type TestApp, type TestClient } from './harness.ts';
import { shanghaiDay } from './payment-fixtures.ts';

// The bulk generator behind `npm run ops -- demo:orders` (the benchmarks' million orders): its orders must agree
// with the ledger and the day totals exactly as if they had been paid one by one.
let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('13800138000');
});
afterAll(async () => t.close());

describe('demo:orders', () => {
  it('makes orders over the days asked, in time order, with a balanced ledger and day totals that match the rows', async () => {
    const made = await generateDemoOrders(t.database.db, { orders: 3_000, days: 10, tz: t.config.timezone });
    expect(made).toBe(3_000);
    expect(await checkLedger(t.database.db)).toEqual([]);
    const filter = { from: '2000-01-01' };
    // The totals (from day totals) against the rows themselves (an amount filter forces the row scan).
    const byDays = (await owner.post<OrderSummary>('/api/merchant/order/summary', filter)).body.data;
    const byRows = (await owner.post<OrderSummary>('/api/merchant/order/summary', { ...filter, amountMinFen: 0 })).body
      .data;
    expect(byDays).toEqual(byRows);
    expect(byDays.count).toBeGreaterThan(1_000); // the demo organisation's share of the merchants
    expect(byDays.refundedFen).toBeGreaterThan(0);
    const page = (await owner.post<OrderPage>('/api/merchant/order/list', { ...filter, limit: 100 })).body.data.rows;
    const times = page.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(page.map((o) => o.status))).toContain('SUCCESS');
    // A second run adds to the first without clashing numbers; 999 over 10 days is not a whole number of
    // milliseconds apart (as 10 million over 90 days is not): the spacing must not be taken for an integer.
    await generateDemoOrders(t.database.db, { orders: 999, days: 10, tz: t.config.timezone });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe('the demo data of a first start (npm start)', () => {
  it('holds 90 days of orders, settled T+1 up to yesterday, with a balanced ledger', async () => {
    const database = await freshDatabase();
    try {
      await seedDemoIfEmpty(database.db);
      const { rows } = (await database.db.execute(sql`
        select (select count(distinct settle_date) from settlements where status = 'SETTLED')::int as days,
          (select max(settle_date) from settlements)::text as last,
          (select count(*) from orders where created_at < now() - interval '80 days')::int as old_orders`)) as unknown as {
        rows: { days: number; last: string; old_orders: number }[];
      };
      expect(DEMO_DAYS).toBe(90);
      expect(rows[0]!.days).toBeGreaterThanOrEqual(88); // a day of no trade has no settlement
      expect(rows[0]!.last).toBe(shanghaiDay(-1));
      expect(rows[0]!.old_orders).toBeGreaterThan(50);
      expect(await checkLedger(database.db)).toEqual([]);
    } finally {
      await database.drop();
    }
  });
});
