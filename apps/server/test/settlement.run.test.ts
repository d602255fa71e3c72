import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail } from '@mchweb/contract';
import { systemActor } from '../src/actor.ts';
import { checkLedger, purseBalances } from '../src/modules/ledger/index.ts';
import { merchantIdByNo } from '../src/modules/merchant/index.ts';
import { runSettlement } from '../src/modules/settlement/index.ts';
import { settlements } from '../src/modules/settlement/settlement.tables.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { codeFor, newKey, paid, refundNotify, shanghaiDay, shiftDays } from './payment-fixtures.ts';

// T+1 settlement of a hand-made day at the bakery (M100000003: no demo orders), every figure checked by hand.
let t: TestApp;
let owner: TestClient;
let payer: TestClient;
let code: string;
let bakeryId: number;
const actor = systemActor('test:settlement');
const settle = (day: string, merchantId?: number) =>
  runSettlement(
    t.database.db,
    actor,
    day,
    { tz: 'Asia/Shanghai' },
    { merchantId, now: new Date(Date.now() + 2 * 86_400_000) },
  );
const record = async (day: string) =>
  (
    await t.database.db
      .select()
      .from(settlements)
      .where(and(eq(settlements.merchantId, bakeryId), eq(settlements.settleDate, day)))
  )[0];
const purses = async () => {
  const b = (await purseBalances(t.database.db, [bakeryId])).get(bakeryId)!;
  return { pending: b.pending, available: b.available };
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('13800138000');
  const companies = (await owner.get<{ companyId: number; companyName: string }[]>('/api/merchant/company/list')).body
    .data;
  const bakery = companies.find((c) => /Bakery|烘焙|面包/.test(c.companyName))!;
  await owner.post('/api/websession/changeCompany', { companyId: bakery.companyId });
  payer = t.client();
  code = await codeFor(t.database.db, 'M100000003');
  bakeryId = (await merchantIdByNo(t.database.db, 'M100000003'))!;
});
afterAll(async () => t.close());

const refund = async (orderNo: string, amountFen: number) => {
  const res = await owner.post<{ refundNo: string }>('/api/merchant/order/refund', {
    orderNo,
    amountFen,
    reason: 'settlement test',
    idempotencyKey: newKey(),
  });
  if (res.body.code !== 200) throw new Error(res.body.msg);
  return res.body.data.refundNo;
};

describe('T+1 settlement', () => {
  it('settles a hand-made day: trade, refunds (a failed one returned), fees, net moved from pending to available', async () => {
    const a = await paid(payer, code, 10_000, 'WECHAT'); // fee 38
    const b = await paid(payer, code, 5_000, 'WECHAT'); // fee 19
    const c = await paid(payer, code, 2_000, 'WECHAT'); // fee 8 (7.6 half-up)
    await refundNotify(payer, await refund(a, 3_000), 'SUCCESS'); // gives back 11 of the fee
    await refundNotify(payer, await refund(c, 2_000), 'SUCCESS'); // gives back all 8
    await refundNotify(payer, await refund(b, 1_000), 'FAILED'); // 4 given back, then returned
    await shiftDays(t.database.db, 1);
    const yesterday = shanghaiDay(-1);
    const result = await settle(yesterday, bakeryId);
    expect(result).toMatchObject({ settled: 1, failed: 0 });
    expect(await record(yesterday)).toMatchObject({
      settleNo: `S${yesterday.replace(/-/g, '')}M100000003`,
      status: 'SETTLED',
      tradeCount: 3,
      tradeFen: 17_000,
      refundCount: 2,
      refundFen: 5_000,
      feeFen: 38 + 19 + 8 - 11 - 8,
      splitFen: 0,
      netFen: 17_000 - 5_000 - 46,
    });
    expect(await purses()).toEqual({ pending: 0, available: 11_954 });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('running it again changes nothing', async () => {
    const yesterday = shanghaiDay(-1);
    const before = await record(yesterday);
    expect(await settle(yesterday, bakeryId)).toMatchObject({ settled: 0, failed: 0, skipped: 1 });
    expect(await record(yesterday)).toEqual(before);
    expect(await purses()).toEqual({ pending: 0, available: 11_954 });
  });

  it('a refund after its day was settled is carried into the next settlement, never rewrites the settled one', async () => {
    const yesterday = shanghaiDay(-1);
    const before = await record(yesterday);
    const orders = (
      await owner.post<{ rows: { orderNo: string; refundableFen: number }[] }>('/api/merchant/order/list', {
        from: yesterday,
        mchNos: ['M100000003'],
        statuses: ['SUCCESS', 'PARTIAL_REFUNDED'],
      })
    ).body.data.rows;
    const first = orders.find((o) => o.refundableFen === 7_000)!;
    await refundNotify(payer, await refund(first.orderNo, 7_000), 'SUCCESS');
    // Taken from pending, which goes below zero; what the merchant holds in all stays above it.
    expect(await purses()).toMatchObject({ pending: -(7_000 - 27), available: 11_954 });
    expect(await record(yesterday)).toEqual(before);
    const today = shanghaiDay(0);
    expect(await settle(today, bakeryId)).toMatchObject({ settled: 1 });
    expect(await record(today)).toMatchObject({
      tradeCount: 0,
      refundCount: 1,
      refundFen: 7_000,
      netFen: -(7_000 - 27),
    });
    expect(await purses()).toEqual({ pending: 0, available: 11_954 - 6_973 });
    const d = (await owner.get<OrderDetail>('/api/merchant/order/detail', { orderNo: first.orderNo })).body.data;
    expect(d).toMatchObject({ status: 'REFUNDED', feeRefundedFen: 38 });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('a frozen merchant’s settlement FAILS with its reason and is retried by the next run', async () => {
    // The coffee shop's Binjiang merchant: demo orders of the last 30 days, and one more now.
    const coffee = (
      await owner.get<{ companyId: number; companyName: string }[]>('/api/merchant/company/list')
    ).body.data.find((c) => /Coffee/.test(c.companyName))!;
    await owner.post('/api/websession/changeCompany', { companyId: coffee.companyId });
    const binjiang = (await merchantIdByNo(t.database.db, 'M100000002'))!;
    await paid(payer, await codeFor(t.database.db, 'M100000002'), 4_000);
    const today = shanghaiDay(0);
    const recordOf = async () =>
      (
        await t.database.db
          .select()
          .from(settlements)
          .where(and(eq(settlements.merchantId, binjiang), eq(settlements.settleDate, today)))
      )[0];
    await owner.post('/api/merchant/merchant/freeze', { mchNo: 'M100000002', reason: 'Complaint under review' });
    expect(await settle(today, binjiang)).toMatchObject({ failed: 1 });
    expect(await recordOf()).toMatchObject({ status: 'FAILED', failReason: expect.stringMatching(/frozen/) });
    await owner.post('/api/merchant/merchant/unfreeze', { mchNo: 'M100000002' });
    // The next run (tomorrow's, nothing to settle of its own) retries it.
    expect(await settle(shanghaiDay(1), binjiang)).toMatchObject({ retried: 1, settled: 1 });
    expect(await recordOf()).toMatchObject({ status: 'SETTLED', attempts: 2, failReason: null });
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('refuses a day that is not over', async () => {
    await expect(
      runSettlement(t.database.db, actor, shanghaiDay(0), { tz: 'Asia/Shanghai' }, { now: new Date() }),
    ).rejects.toThrow(/not over/);
  });
});
