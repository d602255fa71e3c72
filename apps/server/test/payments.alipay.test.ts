import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashierCode, CashierOrder } from '@mchweb/contract';
import { systemActor } from '../src/actor.ts';
import { alipayChannel, CHECK_TRADE_NO } from '../src/alipay/index.ts';
import type { Channels } from '../src/channels.ts';
import { loadConfig, type ConfigError } from '../src/config.ts';
import { checkLedger, postingsOf } from '../src/modules/ledger/index.ts';
import { setChannelAccounts } from '../src/modules/merchant/index.ts';
import { closeExpiredOrders, queryWaiting } from '../src/modules/order/index.ts';
import { orders, refunds } from '../src/modules/order/order.tables.ts';
import { SANDBOX_CHANNELS } from '../src/sandbox/index.ts';
import { alipayTestApp, DESKTOP, ORIGIN, SMID } from './alipay-fixtures.ts';
import { AlipayFake } from './fakes/alipay-fake.ts';
import type { TestApp, TestClient } from './harness.ts';
import { codeFor, newKey } from './payment-fixtures.ts';

// Alipay's OpenAPI (service-provider mode) end to end against the local fake gateway: the real alipay-sdk signs
// the server's calls and checks the fake's answers with real RSA keys; the fake's signed notices are injected.

const TOKEN = '202611BBd1f0c2a0f8e54b4e9c1f2a3b4c5d6E01';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const fake = new AlipayFake();
const logLines: string[] = [];
let t: TestApp;
let payer: TestClient;
let owner: TestClient;
let code: string;
let tokenCode: string;
let channels: Channels;
const settings = { tz: 'Asia/Shanghai' };

beforeAll(async () => {
  ({ t, channels } = await alipayTestApp(fake, logLines));
  await setChannelAccounts(t.database.db, systemActor('ops'), 'M100000001', { alipaySmid: SMID });
  await setChannelAccounts(t.database.db, systemActor('ops'), 'M100000002', { alipayAppAuthToken: TOKEN });
  payer = t.client();
  owner = await t.signIn('13800138000');
  code = await codeFor(t.database.db, 'M100000001', { label: 'Latte' });
  tokenCode = await codeFor(t.database.db, 'M100000002', { label: 'Tea' });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

const order = async (orderNo: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const createOrder = async (amountFen: number, headers: Record<string, string> = {}, codeNo = code, key = newKey()) =>
  (
    await payer.post<CashierOrder>(
      '/api/pay/order',
      { codeNo, amountFen, channel: 'ALIPAY', idempotencyKey: key },
      { headers: { 'user-agent': DESKTOP, ...headers } },
    )
  ).body;
const age = (orderNo: string, minutes: number) =>
  t.database.db.execute(
    sql`update orders set created_at = created_at - ${`${minutes} minutes`}::interval where order_no = ${orderNo}`,
  );
const ledgerOf = async (orderNo: string, refundNos: string[] = []) => {
  const o = await order(orderNo);
  return (await postingsOf(t.database.db, o.companyId, [orderNo, ...refundNos])).map((l) => l.kind);
};
const lastCall = (method: string) => fake.requests.filter((r) => r.method === method).at(-1)!;
const later = () => new Date(Date.now() + 2 * 60_000);

describe('Alipay service-provider mode through the fake gateway', () => {
  it('a desktop payer gets a precreate QR, signed and naming the smid; the signed notice pays it once', async () => {
    const created = await createOrder(1234);
    expect(created.code).toBe(200);
    expect(created.data.payerAction).toMatchObject({
      kind: 'ALIPAY_QR',
      qrCode: expect.stringMatching(/^https:\/\/qr\.alipay\.com\//),
    });
    const asked = lastCall('alipay.trade.precreate');
    expect(asked.signed).toBe(true);
    expect(asked.params).toMatchObject({
      app_id: fake.appId,
      sign_type: 'RSA2',
      charset: 'utf-8',
      notify_url: `${ORIGIN}/api/pay/notify/alipay`,
    });
    expect(asked.params.app_auth_token).toBeUndefined();
    expect(asked.biz).toMatchObject({
      out_trade_no: created.data.orderNo,
      total_amount: '12.34',
      subject: 'Latte',
      sub_merchant: { merchant_id: SMID },
      settle_info: { settle_detail_infos: [{ trans_in_type: 'defaultSettle', amount: '12.34' }] },
    });
    const paid = await fake.pay(created.data.orderNo, { times: 2 }); // Alipay resends: applied once
    expect(fake.deliveries.slice(-2).map((d) => d.body)).toEqual(['success', 'success']);
    const o = await order(created.data.orderNo);
    expect(o).toMatchObject({ status: 'SUCCESS', channelTradeNo: paid.tradeNo });
    expect(await ledgerOf(o.orderNo)).toEqual(['PAYMENT', 'PAYMENT', 'PAYMENT']);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('a merchant that authorised our app is called with its app_auth_token, not a sub_merchant', async () => {
    const created = await createOrder(555, {}, tokenCode);
    expect(created.code).toBe(200);
    const asked = lastCall('alipay.trade.precreate');
    expect(asked.params.app_auth_token).toBe(TOKEN);
    expect(asked.biz.sub_merchant).toBeUndefined();
    expect(asked.biz.settle_info).toBeUndefined();
    await fake.pay(created.data.orderNo);
    expect((await order(created.data.orderNo)).status).toBe('SUCCESS');
  });

  it('inside Alipay: auth_base gives the user id, trade.create with buyer_id answers the trade_no for tradePay', async () => {
    const start = await t.app.inject({ method: 'GET', url: `/api/pay/alipay/oauth?codeNo=${code}` });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin + authorize.pathname).toBe(`${fake.url}/oauth2/publicAppAuthorize.htm`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      app_id: fake.appId,
      scope: 'auth_base',
      state: code,
      redirect_uri: `${ORIGIN}/api/pay/alipay/oauth/back`,
    });
    const alipay = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(alipay.headers.get('location')!);
    const returned = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(returned.headers.location).toBe(`/mchweb/pay/${code}?alipay=ok`);
    expect(lastCall('alipay.system.oauth.token')).toMatchObject({
      signed: true,
      params: { code: back.searchParams.get('auth_code') },
    });
    const cookie = returned.cookies.find((c) => c.name === 'mchweb_ali_uid')!;
    expect(cookie).toMatchObject({ value: fake.userId, httpOnly: true, path: '/api/pay' });
    // The same code again is refused by Alipay: the payer is sent back without a user id.
    const again = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(again.headers.location).toBe(`/mchweb/pay/${code}?alipay=denied`);

    const xsrf = t.app.xsrfToken(undefined);
    const created = await createOrder(880, {
      'user-agent': `${PHONE} AlipayClient/10.5.0`,
      cookie: `XSRF-TOKEN=${xsrf}; mchweb_ali_uid=${cookie.value}`,
      'x-xsrf-token': xsrf,
    });
    expect(created.code).toBe(200);
    expect(created.data.payerAction).toEqual({ kind: 'ALIPAY_JSAPI', tradeNo: expect.any(String) });
    expect(lastCall('alipay.trade.create').biz).toMatchObject({ buyer_id: fake.userId, product_code: 'JSAPI_PAY' });
    await fake.tradePay(created.data.payerAction!.tradeNo!);
    expect((await order(created.data.orderNo)).status).toBe('SUCCESS');
  });

  it("another phone's browser gets a signed wap.pay URL of the gateway, which the fake accepts and pays", async () => {
    const created = await createOrder(660, { 'user-agent': PHONE });
    expect(created.data.payerAction?.kind).toBe('ALIPAY_WAP');
    const url = new URL(created.data.payerAction!.url!);
    expect(url.origin + url.pathname).toBe(`${fake.url}/gateway.do`);
    expect(url.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    expect(url.searchParams.get('return_url')).toBe(`${ORIGIN}/mchweb/pay/${code}`);
    const opened = await fake.openWap(url.toString());
    expect(opened.status).toBe(200);
    expect(lastCall('alipay.trade.wap.pay')).toMatchObject({ signed: true, biz: { product_code: 'QUICK_WAP_WAY' } });
    await fake.pay(created.data.orderNo);
    expect((await order(created.data.orderNo)).status).toBe('SUCCESS');
  });

  it('a lost notice: the query job finds the payment; a notice after the query changes nothing', async () => {
    const created = (await createOrder(500)).data;
    await fake.pay(created.orderNo, 'none');
    expect((await order(created.orderNo)).status).toBe('PENDING');
    await queryWaiting(t.database.db, settings, channels, later());
    expect((await order(created.orderNo)).status).toBe('SUCCESS');
    const [late] = await fake.notifyTrade(created.orderNo);
    expect(late!.body).toBe('success');
    expect(await ledgerOf(created.orderNo)).toHaveLength(3);
  });

  it('a tampered notice (a byte changed, another key, another app_id) changes nothing, is logged and answered fail', async () => {
    const created = (await createOrder(700)).data;
    await fake.pay(created.orderNo, 'none');
    for (const tamper of ['byte', 'wrongKey', 'wrongApp'] as const) {
      const [d] = await fake.notifyTrade(created.orderNo, { tamper });
      expect({ tamper, body: d!.body }).toEqual({ tamper, body: 'fail' });
    }
    expect((await order(created.orderNo)).status).toBe('PENDING');
    const refused = logLines.filter((l) => l.includes('Alipay notice refused'));
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.join('\n')).toMatch(/for app_id 2021000000009999/);
    const [good] = await fake.notifyTrade(created.orderNo);
    expect(good!.body).toBe('success');
    expect((await order(created.orderNo)).status).toBe('SUCCESS');
  });

  it('the close job closes at Alipay first; a payment made meanwhile is marked paid instead of closed', async () => {
    const unpaid = (await createOrder(300)).data;
    const paidMeanwhile = (await createOrder(400)).data;
    await fake.pay(paidMeanwhile.orderNo, 'none');
    await age(unpaid.orderNo, 16);
    await age(paidMeanwhile.orderNo, 16);
    await closeExpiredOrders(t.database.db, settings, channels);
    expect(fake.trades.get(unpaid.orderNo)!.status).toBe('TRADE_CLOSED');
    expect((await order(unpaid.orderNo)).status).toBe('CLOSED');
    expect((await order(paidMeanwhile.orderNo)).status).toBe('SUCCESS');
    expect(
      fake.requests.some((r) => r.method === 'alipay.trade.close' && r.biz.out_trade_no === paidMeanwhile.orderNo),
    ).toBe(true);
  });

  it('a payment notice after the order closed is refunded in full automatically, with our refund number', async () => {
    const db = t.database.db;
    const created = (await createOrder(2000)).data;
    await age(created.orderNo, 16);
    await closeExpiredOrders(db, settings, SANDBOX_CHANNELS); // closed here only, Alipay never told
    await fake.pay(created.orderNo);
    const o = await order(created.orderNo);
    expect(o).toMatchObject({ status: 'SUCCESS', refundingFen: 2000 });
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, o.id));
    expect(lastCall('alipay.trade.refund').biz).toMatchObject({
      out_trade_no: created.orderNo,
      out_request_no: refund!.refundNo,
      refund_amount: '20.00',
      sub_merchant: { merchant_id: SMID },
    });
    const [d] = await fake.finishRefund(refund!.refundNo);
    expect(d!.body).toBe('success');
    expect((await order(created.orderNo)).status).toBe('REFUNDED');
    expect(await ledgerOf(created.orderNo, [refund!.refundNo])).toEqual(expect.arrayContaining(['PAYMENT', 'REFUND']));
    expect(await checkLedger(db)).toEqual([]);
  });

  it("a member's refund: its result by the trade's notice, or by refund query when the notice is lost", async () => {
    const created = (await createOrder(1000)).data;
    await fake.pay(created.orderNo);
    const ask = (amountFen: number) =>
      owner.post<{ refundNo: string }>('/api/merchant/order/refund', {
        orderNo: created.orderNo,
        amountFen,
        reason: 'Cold coffee',
        idempotencyKey: newKey(),
      });
    const first = (await ask(300)).body.data.refundNo;
    expect(lastCall('alipay.trade.refund').biz).toMatchObject({ out_request_no: first, refund_amount: '3.00' });
    await fake.finishRefund(first);
    const second = (await ask(200)).body.data.refundNo;
    await queryWaiting(t.database.db, settings, channels, later()); // still processing at Alipay: stays so
    const statuses = async () =>
      (
        await t.database.db
          .select()
          .from(refunds)
          .where(eq(refunds.orderId, (await order(created.orderNo)).id))
      ).map((r) => r.status);
    expect(await statuses()).toEqual(['SUCCESS', 'PROCESSING']);
    await fake.finishRefund(second, 'none');
    await queryWaiting(t.database.db, settings, channels, later());
    expect(lastCall('alipay.trade.fastpay.refund.query').biz).toMatchObject({
      out_trade_no: created.orderNo,
      out_request_no: second,
    });
    expect(await statuses()).toEqual(['SUCCESS', 'SUCCESS']);
    expect((await order(created.orderNo)).status).toBe('PARTIAL_REFUNDED');
  });

  it('an answer with a bad signature is not trusted; the retry is the same order', async () => {
    const key = newKey();
    fake.answerMode = 'badSignature';
    const refused = await createOrder(600, {}, code, key);
    fake.answerMode = 'normal';
    expect(refused.code).toBe(409);
    const retried = await createOrder(600, {}, code, key);
    expect(retried.code).toBe(200);
    expect(retried.data.payerAction?.kind).toBe('ALIPAY_QR');
    expect(logLines.some((l) => l.includes('channel call failed') && l.includes('ANSWER_NOT_TRUSTED'))).toBe(true);
  });

  it('a notice for another amount than the order is not applied and Alipay is told to send it again', async () => {
    const created = (await createOrder(900)).data;
    await fake.pay(created.orderNo, 'none');
    fake.trades.get(created.orderNo)!.total = 9; // Alipay's notice now signs 0.09 for a 9.00 order
    const [d] = await fake.notifyTrade(created.orderNo);
    expect(d!.body).toBe('fail');
    expect((await order(created.orderNo)).status).toBe('PENDING');
    expect(logLines.some((l) => l.includes('Alipay notice not applied') && l.includes('not 900'))).toBe(true);
  });

  it('a merchant with neither smid nor app_auth_token cannot take Alipay payments, and the payer is told why', async () => {
    await setChannelAccounts(t.database.db, systemActor('ops'), 'M100000002', { alipayAppAuthToken: null });
    const other = await codeFor(t.database.db, 'M100000002');
    const info = await payer.get<CashierCode>(`/api/pay/code/${other}`);
    expect(info.body.data.availability.ALIPAY).toBe('NO_SUB_MERCHANT');
    expect(info.body.data.availability.WECHAT).toBe('SANDBOX');
    const res = await payer.post('/api/pay/order', {
      codeNo: other,
      amountFen: 100,
      channel: 'ALIPAY',
      idempotencyKey: newKey(),
    });
    expect(res.body).toMatchObject({ code: 409, msg: expect.stringMatching(/^channel: .*sub-merchant/) });
  });

  it("the trade bills' zips are downloaded (ours and the authorising merchant's), their GBK detail read as the day's statement", async () => {
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    // M100000002's token was cleared above; its trades of the day are in the bill its token still opens.
    const merchants = [
      { mchNo: 'M100000001', wechatSubMchid: null, alipaySmid: SMID, alipayAppAuthToken: null },
      { mchNo: 'M100000002', wechatSubMchid: null, alipaySmid: null, alipayAppAuthToken: TOKEN },
    ];
    const lines = await alipayChannel(t.config.alipay!).fetchStatement(day, merchants);
    const paid = [...fake.trades.values()].filter((x) => x.paidAt);
    expect(
      lines
        .filter((l) => l.amountFen > 0)
        .map((l) => `${l.orderNo} ${l.amountFen} ${l.channelTradeNo}`)
        .sort(),
    ).toEqual(paid.map((x) => `${x.outTradeNo} ${x.total} ${x.tradeNo}`).sort());
    expect(
      lines
        .filter((l) => l.amountFen < 0)
        .map((l) => `${l.refundNo} ${l.amountFen}`)
        .sort(),
    ).toEqual(
      [...fake.refunds.values()]
        .filter((r) => r.status === 'REFUND_SUCCESS')
        .map((r) => `${r.outRequestNo} ${-r.amount}`)
        .sort(),
    );
    expect(await alipayChannel(t.config.alipay!).fetchStatement('2020-01-01', merchants)).toEqual([]);
  });

  it('channel:check: a signed query of a made-up trade answers ACQ.TRADE_NOT_EXIST (connected); a wrong key is not', async () => {
    const adapter = alipayChannel(t.config.alipay!);
    expect(await adapter.check!()).toEqual({ connected: true, detail: expect.stringMatching(/TRADE_NOT_EXIST/) });
    expect(lastCall('alipay.trade.query').biz).toEqual({ out_trade_no: CHECK_TRADE_NO });
    fake.answerMode = 'badSignature';
    const bad = await adapter.check!();
    fake.answerMode = 'normal';
    expect(bad).toMatchObject({ connected: false });
  });

  it('every channel call is logged, and no user id or key', () => {
    const calls = logLines.filter((l) => l.includes('"channelCall"')).map((l) => JSON.parse(l));
    expect(calls.some((c) => c.channelCall.channel === 'ALIPAY' && c.outcome === 'ok')).toBe(true);
    const all = logLines.join('\n');
    for (const secret of [fake.userId, TOKEN]) expect(all).not.toContain(secret);
  });
});

describe('ALIPAY_* settings', () => {
  it('a missing or malformed key stops the start naming it', () => {
    const env: Record<string, string> = { NODE_ENV: 'test', ...fake.env(ORIGIN) };
    const problems = (e: Record<string, string>) => {
      try {
        loadConfig(e);
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ ...env, ALIPAY_APP_ID: '' })[0]).toMatch(/^ALIPAY_APP_ID is not set/);
    expect(problems({ ...env, ALIPAY_APP_ID: '2021abc' })[0]).toMatch(/^ALIPAY_APP_ID must be/);
    expect(problems({ ...env, ALIPAY_PRIVATE_KEY_FILE: '/nonexistent.pem' })[0]).toMatch(
      /^ALIPAY_PRIVATE_KEY_FILE cannot be read/,
    );
    expect(problems({ ...env, ALIPAY_PUBLIC_KEY_FILE: 'package.json' })[0]).toMatch(
      /^ALIPAY_PUBLIC_KEY_FILE is not an RSA public key/,
    );
    expect(problems({ ...env, ALIPAY_GATEWAY: 'ftp://x' })[0]).toMatch(/^ALIPAY_GATEWAY/);
    expect(problems({ ...env, MCHWEB_PUBLIC_ORIGIN: '' })[0]).toMatch(/^MCHWEB_PUBLIC_ORIGIN must be/);
    expect(problems(env)).toEqual([]);
    expect(loadConfig(env).alipay?.gateway).toBe(`${fake.url}/gateway.do`);
    const { ALIPAY_GATEWAY: _, ...defaults } = env;
    expect(loadConfig(defaults).alipay?.gateway).toBe('https://openapi.alipay.com/gateway.do');
    expect(loadConfig({ NODE_ENV: 'test' }).alipay).toBeNull();
  });
});
