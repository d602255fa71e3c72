import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashierOrder } from '@mchweb/contract';
import { systemActor } from '../src/actor.ts';
import type { Channels } from '../src/channels.ts';
import { setChannelAccounts } from '../src/modules/merchant/index.ts';
import { RECONCILE_CHECKS } from '../src/modules/index.ts';
import { downloadOf, downloadStatement } from '../src/modules/statement/index.ts';
import { reconcileDay } from '../src/reconcile.ts';
import { alipayTestApp, DESKTOP, SMID } from './alipay-fixtures.ts';
import { AlipayFake } from './fakes/alipay-fake.ts';
import type { TestApp, TestClient } from './harness.ts';
import { codeFor, newKey } from './payment-fixtures.ts';

// Alipay's statement of a day covers every merchant: our application's bill (smid merchants) and the bill of each
// merchant that authorised us (app_auth_token), fetched with its token from the local fake gateway.

const TOKEN = '202611BBd1f0c2a0f8e54b4e9c1f2a3b4c5d6E02';
/** A merchant that authorised us and took no Alipay payment that day: Alipay has no bill of it. */
const QUIET_TOKEN = '202611BBd1f0c2a0f8e54b4e9c1f2a3b4c5d6E03';
const CN = 'Asia/Shanghai';
const fake = new AlipayFake();
const logLines: string[] = [];
let t: TestApp;
let channels: Channels;
let payer: TestClient;
let owner: TestClient;
/** Today in China: the fake's trades are paid now, so today's bill holds them. */
const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ t, channels } = await alipayTestApp(fake, logLines));
  const db = t.database.db;
  await setChannelAccounts(db, systemActor('ops'), 'M100000001', { alipaySmid: SMID });
  await setChannelAccounts(db, systemActor('ops'), 'M100000002', { alipayAppAuthToken: TOKEN });
  await setChannelAccounts(db, systemActor('ops'), 'M100000003', { alipayAppAuthToken: QUIET_TOKEN });
  payer = t.client();
  owner = await t.signIn('13800138000');
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

/** A payer pays `amountFen` with Alipay at a code of the merchant; the fake's signed notice marks it paid. */
async function paidAt(mchNo: string, amountFen: number) {
  const codeNo = await codeFor(t.database.db, mchNo);
  const res = await payer.post<CashierOrder>(
    '/api/pay/order',
    { codeNo, amountFen, channel: 'ALIPAY', idempotencyKey: newKey() },
    { headers: { 'user-agent': DESKTOP } },
  );
  await fake.pay(res.body.data.orderNo);
  return res.body.data.orderNo;
}
const billCalls = () =>
  fake.requests
    .filter((r) => r.method === 'alipay.data.dataservice.bill.downloadurl.query')
    .map((r) => r.params.app_auth_token ?? 'ours');
/** The day's reconciliation differences about anything Alipay took (the demo's sandbox orders never reached it). */
async function alarmsOnAlipayTrades() {
  const known = [...fake.trades.keys(), ...fake.refunds.keys()];
  const { differences } = await reconcileDay(t.database.db, RECONCILE_CHECKS, day, { tz: CN, now: new Date() });
  return differences.filter((d) => known.some((no) => d.includes(no)));
}

describe("Alipay's statement: our bill and each authorising merchant's", () => {
  it('a day with trades of an smid merchant and of an app_auth_token merchant reconciles without a false alarm', async () => {
    const smidOrder = await paidAt('M100000001', 1200);
    const tokenOrder = await paidAt('M100000002', 3400);
    const refund = await owner.post<{ refundNo: string }>('/api/merchant/order/refund', {
      orderNo: tokenOrder,
      amountFen: 400,
      reason: 'Cold tea',
      idempotencyKey: newKey(),
    });
    expect(refund.body.code).toBe(200);
    await fake.finishRefund(refund.body.data.refundNo); // done at Alipay; its notice tells us
    expect(fake.trades.get(smidOrder)!.smid).toBe(SMID);
    expect(fake.trades.get(tokenOrder)!.appAuthToken).toBe(TOKEN);
    // The authorising merchant's own till took a payment without us: its bill holds it, our statement does not.
    fake.trades.set('TILL-20261126-0001', {
      ...fake.trades.get(tokenOrder)!,
      outTradeNo: 'TILL-20261126-0001',
      tradeNo: '2026112622001400000000000001',
      refunded: 0,
    });

    const { lines, stored } = await downloadStatement(t.database.db, channels, 'ALIPAY', day);
    expect(stored).toBe(true);
    expect(await alarmsOnAlipayTrades()).toEqual([]);
    // Our bill, then each authorising merchant's with its token; the quiet one's does not exist and adds nothing.
    expect(billCalls().sort()).toEqual([QUIET_TOKEN, TOKEN, 'ours'].sort());
    expect(lines.map((l) => `${l.orderNo} ${l.refundNo ?? '-'} ${l.amountFen}`).sort()).toEqual(
      [`${smidOrder} - 1200`, `${tokenOrder} - 3400`, `${tokenOrder} ${refund.body.data.refundNo} -400`].sort(),
    );
    expect(logLines.join('\n')).not.toContain(TOKEN);
  });

  it("one merchant's bill failing fails the day's download, naming the merchant, never its token", async () => {
    const kept = await downloadOf(t.database.db, 'ALIPAY', day);
    fake.failingBills.add(TOKEN);
    // The operator's fetch of a corrected statement (--replace): the kept one stays, no partial one replaces it.
    const failed = await downloadStatement(t.database.db, channels, 'ALIPAY', day, { replace: true }).catch(
      (err: Error) => err,
    );
    fake.failingBills.clear();
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toMatch(
      /^merchant M100000002's Alipay bill \(app_auth_token\): .*isp\.unknow-error/,
    );
    expect((failed as Error).message).not.toContain(TOKEN);
    expect(await downloadOf(t.database.db, 'ALIPAY', day)).toEqual(kept);
    // The statement job's try throws the same way, and pg-boss tries the day again later (statement.reconcile).
  });
});
