import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { divideHalfUp, type BillSummary, type SplitItem, type SplitPage } from '@mchweb/contract';
import { systemActor } from '../src/actor.ts';
import { addDays, dayStart } from '../src/business-day.ts';
import { checkLedger, purseBalances } from '../src/modules/ledger/index.ts';
import { RECONCILE_CHECKS } from '../src/modules/index.ts';
import { reconcileDay } from '../src/reconcile.ts';
import { merchantIdByNo } from '../src/modules/merchant/index.ts';
import { dayFigures, runSettlement } from '../src/modules/settlement/index.ts';
import { reviewSplit } from '../src/modules/split/index.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { bankCard } from './onboarding-fixtures.ts';
import { codeFor, paid, shanghaiDay } from './payment-fixtures.ts';

// Profit sharing: an application with two receivers, its review, and its shares taken at settlement.
let t: TestApp;
let owner: TestClient;
let cashier: TestClient;
const M = '/api/merchant';
const TZ = 'Asia/Shanghai';
const external = { type: 'EXTERNAL', name: '李强', accountNo: bankCard('622202020005555555'), bankName: '招商银行' };
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('13800138000');
  cashier = await t.signIn('13800138003');
});
afterAll(async () => t.close());

const apply = (body: object) => owner.post<SplitItem>(`${M}/div/apply`, { mchNo: 'M100000001', ...body });

describe('profit-sharing applications', () => {
  it('refuses more than 30 % in all, the merchant itself, another organisation’s merchant', async () => {
    const over = await apply({
      receivers: [
        { type: 'MERCHANT', mchNo: 'M100000002', ratio: 20 },
        { ...external, ratio: 11 },
      ],
    });
    expect(over.body.msg).toBe('body.receivers: must share at most 30 % in all (now 31 %)');
    expect((await apply({ receivers: [{ type: 'MERCHANT', mchNo: 'M100000001', ratio: 5 }] })).body.msg).toMatch(
      /must not include the merchant itself/,
    );
    expect((await apply({ receivers: [{ type: 'MERCHANT', mchNo: 'M100000003', ratio: 5 }] })).body.msg).toBe(
      'receivers.0.mchNo: is not a merchant of the organisation',
    );
    expect((await apply({ receivers: [{ ...external, ratio: 2.5 }] })).body.msg).toMatch(
      /^body\.receivers\.0\.ratio: must be a whole percent/,
    );
    expect(
      (await cashier.post(`${M}/div/apply`, { mchNo: 'M100000001', receivers: [{ ...external, ratio: 1 }] })).body.code,
    ).toBe(403);
  });

  it('applies with two receivers, can cancel while SUBMITTED, lists with filters', async () => {
    const withdrawn = await apply({ receivers: [{ ...external, ratio: 5 }] });
    expect(withdrawn.body).toMatchObject({ code: 200, data: { status: 'SUBMITTED', totalRatio: 5 } });
    expect(
      (await owner.post<SplitItem>(`${M}/div/cancel`, { applyNo: withdrawn.body.data.applyNo })).body.data.status,
    ).toBe('CANCELED');
    expect((await owner.post(`${M}/div/cancel`, { applyNo: withdrawn.body.data.applyNo })).body.msg).toMatch(
      /only a SUBMITTED one/,
    );
    const two = await apply({
      receivers: [
        { type: 'MERCHANT', mchNo: 'M100000002', ratio: 20 },
        { ...external, ratio: 10 },
      ],
    });
    expect(two.body.data).toMatchObject({
      totalRatio: 30,
      receivers: [
        { type: 'MERCHANT', mchNo: 'M100000002', ratio: 20 },
        { type: 'EXTERNAL', name: '李强', accountNoMasked: `****${external.accountNo.slice(-4)}`, ratio: 10 },
      ],
    });
    const list = (await owner.post<SplitPage>(`${M}/div/list`, { statuses: ['SUBMITTED'] })).body.data.rows;
    expect(list.map((d) => d.applyNo)).toEqual([two.body.data.applyNo]);
  });

  it('approved, its shares are taken at the settlement of every day from the next, the bill shows them', async () => {
    const pending = (await owner.post<SplitPage>(`${M}/div/list`, { statuses: ['SUBMITTED'] })).body.data.rows[0]!;
    // Approved two days ago: it applies from yesterday, so today's settlement takes the shares.
    const done = await reviewSplit(
      t.database.db,
      systemActor('ops'),
      pending.applyNo,
      { approve: true },
      TZ,
      new Date(Date.now() - 2 * 86_400_000),
    );
    expect(done.effectiveFrom).toBe(shanghaiDay(-1));
    await paid(t.client(), await codeFor(t.database.db, 'M100000001'), 50_000);
    const today = shanghaiDay(0);
    const [payerId, receiverId] = [
      (await merchantIdByNo(t.database.db, 'M100000001'))!,
      (await merchantIdByNo(t.database.db, 'M100000002'))!,
    ];
    const base = (await dayFigures(t.database.db, payerId, dayStart(today, TZ), dayStart(addDays(today, 1), TZ)))!
      .netFen;
    const available = async () => (await purseBalances(t.database.db, [receiverId])).get(receiverId)!.available;
    const receiverBefore = await available();
    await runSettlement(
      t.database.db,
      systemActor('test'),
      today,
      { tz: TZ },
      { merchantId: payerId, now: new Date(Date.now() + 2 * 86_400_000) },
    );
    const shares = [divideHalfUp(base * 20, 100), divideHalfUp(base * 10, 100)];
    const bill = (await owner.post<BillSummary>(`${M}/bill/summary`, { mchNo: 'M100000001', date: today })).body.data;
    expect(bill.total).toMatchObject({ splitFen: shares[0]! + shares[1]!, netFen: base - shares[0]! - shares[1]! });
    expect(bill.settlements[0]!.netFen).toBe(base - shares[0]! - shares[1]!);
    const receiverAfter = await available();
    expect(receiverAfter - receiverBefore).toBe(shares[0]);
    expect(await checkLedger(t.database.db)).toEqual([]);
    const { differences } = await reconcileDay(t.database.db, RECONCILE_CHECKS, today, { tz: TZ });
    expect(differences.filter((p) => p.startsWith('M100000001'))).toEqual([]);
  });
});
