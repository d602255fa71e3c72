import { eq, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPage } from '@mchweb/contract';
import { orders } from '../src/modules/order/order.tables.ts';
import { createTestApp, type Reply, type TestApp, type TestClient } from './harness.ts';
import { codeFor, pay } from './payment-fixtures.ts';

// The order list pages by time of creation, then id (issue 11): ids are given when a row is written, not when the
// payer pressed pay, and imported or generated orders need not agree with them.

let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('13800138000');
});
afterAll(async () => t.close());

const DAY = { from: '2021-03-05', to: '2021-03-05' };
/** Minutes after 10:00 (Shanghai) of that day, in the order the orders are made: ties and ids against time. */
const MINUTES = [30, 10, 50, 10, 40, 20, 10];

async function pages(body: object, limit: number): Promise<string[][]> {
  const out: string[][] = [];
  let cursor: string | null = null;
  do {
    const res: Reply<OrderPage> = await owner.post<OrderPage>('/api/merchant/order/list', {
      ...body,
      limit,
      cursor: cursor ?? '',
    });
    expect(res.body.code).toBe(200);
    out.push(res.body.data.rows.map((o) => o.orderNo));
    cursor = res.body.data.nextCursor;
  } while (cursor);
  return out;
}

describe('order list pages', () => {
  it('follow the time of creation then the id, each order once, when ids and times disagree', async () => {
    const codes = [await codeFor(t.database.db, 'M100000001'), await codeFor(t.database.db, 'M100000002')];
    const made: { orderNo: string; at: Date }[] = [];
    for (const [i, minutes] of MINUTES.entries()) {
      const { orderNo } = await pay(t.client(), codes[i % 2]!, 100 + i);
      const at = new Date(Date.UTC(2021, 2, 5, 2, minutes)); // 10:xx in Shanghai
      await t.database.db.update(orders).set({ createdAt: at }).where(eq(orders.orderNo, orderNo));
      made.push({ orderNo, at });
    }
    const ids = new Map(
      (
        await t.database.db
          .select({ orderNo: orders.orderNo, id: orders.id })
          .from(orders)
          .where(
            inArray(
              orders.orderNo,
              made.map((m) => m.orderNo),
            ),
          )
      ).map((r) => [r.orderNo, r.id]),
    );
    const newestFirst = (list: typeof made) =>
      [...list]
        .sort((a, b) => b.at.getTime() - a.at.getTime() || ids.get(b.orderNo)! - ids.get(a.orderNo)!)
        .map((m) => m.orderNo);
    const expected = newestFirst(made);
    // Ids alone would give another order: the test would not tell the two apart otherwise.
    expect(expected).not.toEqual([...made].reverse().map((m) => m.orderNo));

    for (const limit of [1, 2, 3, 20]) {
      const got = await pages(DAY, limit);
      expect(got.flat()).toEqual(expected);
      expect(got.every((p) => p.length <= limit)).toBe(true);
    }
    // One merchant (an equality in the query), then two (a list), and a list of statuses: the same order within.
    const ofMerchant = (mchNo: string) =>
      newestFirst(made.filter((_, i) => (i % 2 === 0) === (mchNo === 'M100000001')));
    expect((await pages({ ...DAY, mchNos: ['M100000001'] }, 2)).flat()).toEqual(ofMerchant('M100000001'));
    expect((await pages({ ...DAY, mchNos: ['M100000002'] }, 2)).flat()).toEqual(ofMerchant('M100000002'));
    expect((await pages({ ...DAY, mchNos: ['M100000001', 'M100000002'] }, 3)).flat()).toEqual(expected);
    expect((await pages({ ...DAY, statuses: ['PENDING', 'CLOSED'] }, 3)).flat()).toEqual(expected);
  });

  it('a cursor of another organisation’s order, or of one outside the filter’s times, gives an empty page', async () => {
    const bakery = await codeFor(t.database.db, 'M100000003');
    const { orderNo } = await pay(t.client(), bakery, 500);
    const [other] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.orderNo} = ${orderNo} and ${ne(orders.companyId, 1)}`);
    const res = await owner.post<OrderPage>('/api/merchant/order/list', { ...DAY, cursor: String(other!.id) });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ rows: [], hasMore: false, nextCursor: null });
    // Nor is one of its own orders outside the filter's times (made today, the filter a day of 2021).
    const today = await pay(t.client(), await codeFor(t.database.db, 'M100000001'), 600);
    const [mine] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.orderNo} = ${today.orderNo}`);
    const outside = await owner.post<OrderPage>('/api/merchant/order/list', { ...DAY, cursor: String(mine!.id) });
    expect(outside.body.data.rows).toEqual([]);
    // A cursor from the list itself pages on.
    const own = await owner.post<OrderPage>('/api/merchant/order/list', { ...DAY, limit: 1 });
    const next = await owner.post<OrderPage>('/api/merchant/order/list', {
      ...DAY,
      cursor: own.body.data.nextCursor,
    });
    expect(next.body.data.rows.length).toBeGreaterThan(0);
  });
});
