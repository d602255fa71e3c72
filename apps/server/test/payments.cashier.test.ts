import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashierCode, CashierOrder } from '@mchweb/contract';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { purseBalances } from '../src/modules/ledger/index.ts';
import { closeExpiredOrders } from '../src/modules/order/index.ts';
import { SANDBOX_CHANNELS } from '../src/sandbox/index.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { codeFor, newKey, notify, pay } from './payment-fixtures.ts';

let t: TestApp;
let payer: TestClient;
let code: string;
beforeAll(async () => {
  t = await createTestApp();
  payer = t.client();
  code = await codeFor(t.database.db, 'M100000001', { label: '1号收银台' });
});
afterAll(async () => t.close());

const codeView = (codeNo: string) => payer.get<CashierCode>(`/api/pay/code/${codeNo}`);
const merchantId = async (mchNo: string) =>
  (
    (await t.database.db.execute(`select id from merchants where mch_no = '${mchNo}'`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows[0]!.id;

describe('the cashier', () => {
  it("shows a bound code's merchant, label and channels to anyone", async () => {
    const res = await codeView(code);
    expect(res.body).toMatchObject({
      code: 200,
      data: {
        codeNo: code,
        fixedAmountFen: null,
        label: '1号收银台',
        channels: ['WECHAT', 'ALIPAY', 'UNIONPAY'],
        availability: { WECHAT: 'SANDBOX', ALIPAY: 'SANDBOX', UNIONPAY: 'SANDBOX' },
      },
    });
    expect(res.body.data.mchName).toBeTruthy();
  });

  it('says clearly when a code is unknown, unbound, disabled, or its merchant frozen', async () => {
    const unbound = await codeFor(t.database.db, 'M100000001', { status: 'UNBOUND' });
    const disabled = await codeFor(t.database.db, 'M100000001', { status: 'DISABLED' });
    const frozen = await codeFor(t.database.db, 'M100000004');
    expect((await codeView('123456789012')).body).toMatchObject({ code: 404, msg: /does not exist/ });
    expect((await codeView(unbound)).body).toMatchObject({ code: 409, msg: /not in use yet/ });
    expect((await codeView(disabled)).body).toMatchObject({ code: 409, msg: /disabled/ });
    expect((await codeView(frozen)).body).toMatchObject({ code: 409, msg: /frozen/ });
    expect((await codeView('12ab')).body.code).toBe(400);
  });

  it('creates a PENDING order; the same key answers the same order, another body with it is refused', async () => {
    const key = newKey();
    const body = { codeNo: code, amountFen: 1234, channel: 'ALIPAY', idempotencyKey: key };
    const first = await payer.post<CashierOrder>('/api/pay/order', body);
    expect(first.body).toMatchObject({ code: 200, data: { status: 'PENDING', amountFen: 1234, channel: 'ALIPAY' } });
    expect(first.body.data.orderNo).toMatch(/^P\d{20}$/);
    const again = await payer.post<CashierOrder>('/api/pay/order', body);
    expect(again.body.data.orderNo).toBe(first.body.data.orderNo);
    const other = await payer.post('/api/pay/order', { ...body, amountFen: 1235 });
    expect(other.body).toMatchObject({ code: 409, msg: /^idempotencyKey: was already used/ });
    // Ten taps at once with one key: one order.
    const key2 = newKey();
    const taps = await Promise.all(
      Array.from({ length: 10 }, () => payer.post<CashierOrder>('/api/pay/order', { ...body, idempotencyKey: key2 })),
    );
    expect(new Set(taps.map((r) => r.body.data.orderNo)).size).toBe(1);
  });

  it('refuses amounts out of range, a closed channel, and a wrong amount on a fixed-amount code', async () => {
    const fixed = await codeFor(t.database.db, 'M100000001', { fixedAmountFen: 2500 });
    const body = (over: object) => ({
      codeNo: fixed,
      amountFen: 2500,
      channel: 'WECHAT',
      idempotencyKey: newKey(),
      ...over,
    });
    expect((await payer.post('/api/pay/order', body({ amountFen: 2400 }))).body).toMatchObject({
      code: 409,
      msg: "amountFen: must be the code's fixed amount ¥25.00",
    });
    expect((await payer.post('/api/pay/order', body({ amountFen: 0 }))).body.msg).toMatch(/^body\.amountFen: /);
    expect((await payer.post('/api/pay/order', body({ amountFen: 12.5 }))).body.msg).toMatch(/whole number of fen/);
    expect((await payer.post('/api/pay/order', body({ amountFen: 50_000_001 }))).body.code).toBe(400);
    const wechatOnly = await codeFor(t.database.db, 'M100000002');
    expect((await payer.post('/api/pay/order', body({ codeNo: wechatOnly, channel: 'UNIONPAY' }))).body).toMatchObject({
      code: 409,
      msg: /^channel: /,
    });
    expect((await payer.post('/api/pay/order', body({}))).body.data).toMatchObject({ status: 'PENDING' });
  });

  it('a SUCCESS notice posts the payment and its fee; repeats and late notices change nothing', async () => {
    const order = await pay(payer, code, 10_000); // ¥100.00 at 3.8 ‰: fee ¥0.38
    const id = await merchantId('M100000001');
    const pending = async () => (await purseBalances(t.database.db, [id])).get(id)!.pending;
    const before = await pending();
    const done = await notify(payer, order.orderNo, 'SUCCESS');
    expect(done.body.data).toMatchObject({ status: 'SUCCESS' });
    expect(done.body.data.paidAt).toBeTruthy();
    expect((await pending()) - before).toBe(10_000 - 38);
    for (const result of ['SUCCESS', 'FAILED'] as const) {
      expect((await notify(payer, order.orderNo, result)).body.data.status).toBe('SUCCESS');
    }
    expect((await pending()) - before).toBe(10_000 - 38);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('a FAILED notice fails the order and moves no money; the payer reads the result by order number', async () => {
    const order = await pay(payer, code, 500);
    expect((await notify(payer, order.orderNo, 'FAILED')).body.data.status).toBe('FAILED');
    expect((await notify(payer, order.orderNo, 'SUCCESS')).body.data.status).toBe('FAILED');
    expect((await payer.get<CashierOrder>(`/api/pay/order/${order.orderNo}`)).body.data.status).toBe('FAILED');
    expect((await payer.get(`/api/pay/order/P20260101000000000000`)).body.code).toBe(404);
  });

  it('closes orders left PENDING for 15 minutes; a payment notice after that is refunded in full automatically', async () => {
    const order = await pay(payer, code, 800);
    const settings = { tz: t.config.timezone };
    const close = (minutes: number) =>
      closeExpiredOrders(t.database.db, settings, SANDBOX_CHANNELS, new Date(Date.now() + minutes * 60_000));
    expect(await close(14)).toBe(0);
    expect(await close(16)).toBeGreaterThan(0);
    expect((await payer.get<CashierOrder>(`/api/pay/order/${order.orderNo}`)).body.data.status).toBe('CLOSED');
    // The payer's money arrived after all: captured, then refunded at once (the channel is asked for it).
    expect((await notify(payer, order.orderNo, 'SUCCESS')).body.data.status).toBe('SUCCESS');
    const refunds = (await t.database.db.execute(
      sql`select r.status, r.amount_fen from refunds r join orders o on o.id = r.order_id where o.order_no = ${order.orderNo}`,
    )) as unknown as { rows: { status: string; amount_fen: number | string }[] };
    expect(refunds.rows.map((r) => [r.status, Number(r.amount_fen)])).toEqual([['PROCESSING', 800]]);
    // A FAILED or repeated notice after that changes nothing.
    expect((await notify(payer, order.orderNo, 'SUCCESS')).body.data.status).toBe('SUCCESS');
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('the sandbox notice is refused when the server is not a sandbox', async () => {
    const prod = await createTestApp({ config: { sandbox: false } });
    try {
      const res = await prod
        .client()
        .post('/api/pay/sandbox/notify', { orderNo: 'P20260101000000000000', result: 'SUCCESS' });
      expect(res.body).toMatchObject({ code: 403, msg: /sandbox/ });
    } finally {
      await prod.close();
    }
  });
});
