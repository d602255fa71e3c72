import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@mchweb/contract';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { codeFor, newKey, notify, paid, pay } from './payment-fixtures.ts';

/**
 * Check-then-move under real concurrency. On PostgreSQL (DATABASE_URL) the requests run on separate pooled
 * connections at the same time; on PGlite they take turns, and the same answers must come out.
 */
let t: TestApp;
let finance: TestClient;
let payer: TestClient;
let code: string;
beforeAll(async () => {
  t = await createTestApp();
  finance = await t.signIn('13800138002');
  payer = t.client();
  code = await codeFor(t.database.db, 'M100000001');
});
afterAll(async () => t.close());

const refund = (orderNo: string, amountFen: number, idempotencyKey = newKey()) =>
  finance.post<{ refundNo: string }>('/api/merchant/order/refund', {
    orderNo,
    amountFen,
    reason: 'concurrency test',
    idempotencyKey,
  });
const detail = async (orderNo: string) =>
  (await finance.get<OrderDetail>('/api/merchant/order/detail', { orderNo })).body.data;

describe('concurrent money movements', () => {
  it('20 parallel refunds of one order: exactly what the order allows succeeds, the rest are refused', async () => {
    const orderNo = await paid(payer, code, 10_000);
    // Each asks ¥7.00: 14 fit in ¥100.00 (¥98.00), the other 6 must be refused.
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(orderNo, 700)));
    const codes = answers.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(14);
    expect(codes.filter((c) => c === 409)).toHaveLength(6);
    const d = await detail(orderNo);
    expect(d.refunds).toHaveLength(14);
    expect(d.refundableFen).toBe(200);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('20 parallel refunds with one key make one refund', async () => {
    const orderNo = await paid(payer, code, 5_000);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(orderNo, 1_000, key)));
    expect(answers.map((r) => r.body.code)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => r.body.data.refundNo)).size).toBe(1);
  });

  it('contradicting notices at once: each order ends in one state and is posted exactly when paid', async () => {
    const orders = await Promise.all(Array.from({ length: 10 }, () => pay(payer, code, 300)));
    await Promise.all(
      orders.flatMap((o) => [
        notify(payer, o.orderNo, 'SUCCESS'),
        notify(payer, o.orderNo, 'FAILED'),
        notify(payer, o.orderNo),
      ]),
    );
    expect(await checkLedger(t.database.db)).toEqual([]);
    for (const o of orders) {
      const d = await detail(o.orderNo);
      expect(['SUCCESS', 'FAILED']).toContain(d.status);
      expect(d.postings.length > 0).toBe(d.status === 'SUCCESS');
    }
  });
});
