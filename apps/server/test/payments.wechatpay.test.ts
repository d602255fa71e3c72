import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CashierCode, CashierOrder } from '@mchweb/contract';
import { systemActor } from '../src/actor.ts';
import { withPaymentAdapter, type Channels } from '../src/channels.ts';
import { loadConfig, type ConfigError } from '../src/config.ts';
import { checkLedger, postingsOf, purseBalances } from '../src/modules/ledger/index.ts';
import { merchantIdByNo, setChannelAccounts } from '../src/modules/merchant/index.ts';
import { closeExpiredOrders, queryWaiting } from '../src/modules/order/index.ts';
import { orders, refunds } from '../src/modules/order/order.tables.ts';
import { SANDBOX_CHANNELS } from '../src/sandbox/index.ts';
import { wechatPayChannel } from '../src/wechatpay/index.ts';
import { WechatPayFake } from './fakes/wechatpay-fake.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { codeFor, newKey } from './payment-fixtures.ts';
import { createKey } from './developer-fixtures.ts';

// WeChat Pay API v3 (partner mode) end to end against the local fake gateway: real keys, real signatures, real
// AES-GCM notices; the server's requests go over HTTP to the fake, the fake's notices are injected into the app.

const ORIGIN = 'http://mchweb.test';
const SUB_MCHID = '1900000109';
const fake = new WechatPayFake();
const logLines: string[] = [];
let t: TestApp;
let payer: TestClient;
let owner: TestClient;
let code: string;
/** The registry as app.ts builds it with WECHATPAY_* set, for calling the order module's jobs directly. */
let channels: Channels;
const settings = { tz: 'Asia/Shanghai' };

beforeAll(async () => {
  await fake.start();
  const config = loadConfig({ NODE_ENV: 'test', ...fake.env(ORIGIN) });
  t = await createTestApp({
    config: { wechatPay: config.wechatPay, publicOrigin: ORIGIN },
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  fake.deliver = async (url, headers, body) => {
    const res = await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
    return { status: res.statusCode, body: res.body };
  };
  channels = withPaymentAdapter(SANDBOX_CHANNELS, 'WECHAT', wechatPayChannel(config.wechatPay!));
  await setChannelAccounts(t.database.db, systemActor('ops'), 'M100000001', { wechatSubMchid: SUB_MCHID });
  payer = t.client();
  owner = await t.signIn('13800138000');
  code = await codeFor(t.database.db, 'M100000001', { label: 'Latte' });
}, 180_000); // a fresh database with the demo data, RSA keys and the fake: slow on a loaded machine
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

const order = async (orderNo: string) =>
  (await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const createOrder = async (amountFen: number, headers: Record<string, string> = {}, key = newKey()) =>
  (
    await payer.post<CashierOrder>(
      '/api/pay/order',
      { codeNo: code, amountFen, channel: 'WECHAT', idempotencyKey: key },
      { headers },
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

describe('WeChat Pay partner mode through the fake gateway', () => {
  it('a Native order: signed request with sp_mchid, sp_appid and the merchant sub_mchid; the signed notice pays it once', async () => {
    const created = await createOrder(1234);
    expect(created.code).toBe(200);
    expect(created.data.payerAction).toMatchObject({
      kind: 'WECHAT_NATIVE',
      codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\//),
    });
    const asked = fake.requests.find((r) => r.path === '/v3/pay/partner/transactions/native')!;
    expect(asked.signed).toBe(true);
    expect(JSON.parse(asked.body)).toMatchObject({
      sp_mchid: fake.spMchid,
      sp_appid: fake.spAppid,
      sub_mchid: SUB_MCHID,
      out_trade_no: created.data.orderNo,
      description: 'Latte',
      notify_url: `${ORIGIN}/api/pay/notify/wechat`,
      amount: { total: 1234, currency: 'CNY' },
    });
    const paid = await fake.pay(created.data.orderNo, { times: 2 }); // WeChat Pay resends: applied once
    expect(fake.deliveries.slice(-2).map((d) => d.status)).toEqual([204, 204]);
    const o = await order(created.data.orderNo);
    expect(o).toMatchObject({ status: 'SUCCESS', channelTradeNo: paid.transactionId });
    expect(await ledgerOf(o.orderNo)).toEqual(['PAYMENT', 'PAYMENT', 'PAYMENT']); // one transaction, three entries
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('JSAPI inside WeChat: snsapi_base OAuth gives the openid, the order answers paySign-ed WeixinJSBridge parameters', async () => {
    const start = await t.app.inject({ method: 'GET', url: `/api/pay/wechat/oauth?codeNo=${code}` });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin + authorize.pathname).toBe(`${fake.url}/connect/oauth2/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      appid: fake.spAppid,
      scope: 'snsapi_base',
      state: code,
      redirect_uri: `${ORIGIN}/api/pay/wechat/oauth/back`,
    });
    // WeChat sends the payer back with a code; the server trades it for the openid with the AppSecret.
    const wechat = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(wechat.headers.get('location')!);
    const returned = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(returned.statusCode).toBe(302);
    expect(returned.headers.location).toBe(`/mchweb/pay/${code}?wechat=ok`);
    const cookie = returned.cookies.find((c) => c.name === 'mchweb_wx_openid')!;
    expect(cookie).toMatchObject({ value: fake.openid, httpOnly: true, path: '/api/pay' });

    const xsrf = t.app.xsrfToken(undefined);
    const created = await createOrder(880, {
      cookie: `XSRF-TOKEN=${xsrf}; mchweb_wx_openid=${cookie.value}`,
      'x-xsrf-token': xsrf,
    });
    expect(created.code).toBe(200);
    const params = created.data.payerAction!;
    expect(params).toMatchObject({
      kind: 'WECHAT_JSAPI',
      appId: fake.spAppid,
      signType: 'RSA',
      package: expect.stringMatching(/^prepay_id=wx/),
    });
    const asked = fake.requests.filter((r) => r.path === '/v3/pay/partner/transactions/jsapi').at(-1)!;
    expect(JSON.parse(asked.body).payer).toEqual({ sp_openid: fake.openid });
    await fake.payJsapi(params);
    expect((await order(created.data.orderNo)).status).toBe('SUCCESS');
  });

  it('a lost notice: the query job finds the payment; a notice after the query changes nothing', async () => {
    const created = (await createOrder(500)).data;
    await fake.pay(created.orderNo, 'none');
    expect((await order(created.orderNo)).status).toBe('PENDING');
    await queryWaiting(t.database.db, settings, channels, new Date(Date.now() + 2 * 60_000));
    expect((await order(created.orderNo)).status).toBe('SUCCESS');
    const [late] = await fake.notifyPayment(created.orderNo);
    expect(late!.status).toBe(204);
    expect(await ledgerOf(created.orderNo)).toHaveLength(3);
  });

  it('more than a page of payments waiting (100 on a simulated channel): the newest, its notice lost, is still asked', async () => {
    for (let i = 0; i < 100; i++) {
      const res = await payer.post('/api/pay/order', {
        codeNo: code,
        amountFen: 100 + i,
        channel: 'ALIPAY',
        idempotencyKey: newKey(),
      });
      expect(res.body.code).toBe(200);
    }
    const created = (await createOrder(700)).data;
    await fake.pay(created.orderNo, 'none');
    await queryWaiting(t.database.db, settings, channels, new Date(Date.now() + 2 * 60_000));
    expect((await order(created.orderNo)).status).toBe('SUCCESS');
  });

  it('a tampered notice (a byte changed, another key, another serial, another APIv3 key, replayed after 5 minutes) changes nothing and is logged', async () => {
    const created = (await createOrder(700)).data;
    await fake.pay(created.orderNo, 'none');
    for (const tamper of ['byte', 'wrongKey', 'wrongSerial', 'wrongApiV3Key', 'old'] as const) {
      const [d] = await fake.notifyPayment(created.orderNo, { tamper });
      expect({ tamper, status: d!.status, code: JSON.parse(d!.body).code }).toEqual({
        tamper,
        status: 401,
        code: 'SIGN_ERROR',
      });
    }
    expect((await order(created.orderNo)).status).toBe('PENDING');
    const refused = logLines.filter((l) => l.includes('WeChat Pay notice refused'));
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(refused.join('\n')).toMatch(/more than 300 s/);
    const [good] = await fake.notifyPayment(created.orderNo);
    expect(good!.status).toBe(204);
    expect((await order(created.orderNo)).status).toBe('SUCCESS');
  });

  it('the close job closes at WeChat Pay first; a payment made meanwhile is marked paid instead of closed', async () => {
    const unpaid = (await createOrder(300)).data;
    const paidMeanwhile = (await createOrder(400)).data;
    await fake.pay(paidMeanwhile.orderNo, 'none'); // its notice is still on its way
    await age(unpaid.orderNo, 16);
    await age(paidMeanwhile.orderNo, 16);
    await closeExpiredOrders(t.database.db, settings, channels);
    expect(fake.transactions.get(unpaid.orderNo)!.state).toBe('CLOSED');
    expect((await order(unpaid.orderNo)).status).toBe('CLOSED');
    expect((await order(paidMeanwhile.orderNo)).status).toBe('SUCCESS');
    expect(fake.requests.some((r) => r.path.endsWith(`/${paidMeanwhile.orderNo}/close`))).toBe(true);
  });

  it('a payment notice after the order closed is refunded in full automatically; the ledger records both', async () => {
    const db = t.database.db;
    const merchantId = (await merchantIdByNo(db, 'M100000001'))!;
    const before = (await purseBalances(db, [merchantId])).get(merchantId)!;
    const created = (await createOrder(2000)).data;
    await age(created.orderNo, 16);
    // Closed here without WeChat Pay hearing of it (as before this adapter), then the payer's money arrives.
    await closeExpiredOrders(db, settings, SANDBOX_CHANNELS);
    expect((await order(created.orderNo)).status).toBe('CLOSED');
    await fake.pay(created.orderNo);
    const o = await order(created.orderNo);
    expect(o).toMatchObject({ status: 'SUCCESS', refundingFen: 2000 });
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, o.id));
    expect(refund).toMatchObject({
      status: 'PROCESSING',
      amountFen: 2000,
      reason: expect.stringMatching(/refunded automatically/),
    });
    // Asked of WeChat Pay with its own out_refund_no; its refund notice finishes it.
    const asked = fake.refunds.get(refund!.refundNo)!;
    expect(asked).toMatchObject({ outTradeNo: created.orderNo, refund: 2000, total: 2000, subMchid: SUB_MCHID });
    const [d] = await fake.finishRefund(refund!.refundNo);
    expect(d!.status).toBe(204);
    expect((await order(created.orderNo)).status).toBe('REFUNDED');
    expect(await ledgerOf(created.orderNo, [refund!.refundNo])).toEqual(expect.arrayContaining(['PAYMENT', 'REFUND']));
    // The merchant keeps nothing of it: its purses are as before; the whole ledger balances.
    expect((await purseBalances(db, [merchantId])).get(merchantId)).toEqual(before);
    expect(await checkLedger(db)).toEqual([]);
    // The audit log says the platform did it.
    const audit = await owner.get<{ items: { action: string; targetId: string; detail: Record<string, unknown> }[] }>(
      '/api/merchant/audit/list',
      {},
    );
    expect(audit.body.data.items.find((i) => i.targetId === created.orderNo)?.detail).toMatchObject({
      by: 'channel:late-payment',
      paidAfterClose: true,
    });
  });

  it('a member refund goes to WeChat Pay with sub_mchid; its result comes by notice, or by query when the notice is lost', async () => {
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
    expect(
      JSON.parse(fake.requests.filter((r) => r.path === '/v3/refund/domestic/refunds').at(-1)!.body),
    ).toMatchObject({
      sub_mchid: SUB_MCHID,
      out_trade_no: created.orderNo,
      out_refund_no: first,
      amount: { refund: 300, total: 1000, currency: 'CNY' },
    });
    await fake.finishRefund(first);
    const second = (await ask(200)).body.data.refundNo;
    await fake.finishRefund(second, 'SUCCESS', 'none');
    await queryWaiting(t.database.db, settings, channels, new Date(Date.now() + 2 * 60_000));
    const rows = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, (await order(created.orderNo)).id));
    expect(rows.map((r) => r.status)).toEqual(['SUCCESS', 'SUCCESS']);
    expect((await order(created.orderNo)).status).toBe('PARTIAL_REFUNDED');
  });

  it('an answer with a bad signature is not trusted: the payer is told to tap again, and the retry is the same order', async () => {
    const key = newKey();
    fake.answerMode = 'badSignature';
    const refused = await createOrder(600, {}, key);
    fake.answerMode = 'normal';
    expect(refused.code).toBe(409);
    expect(refused.msg).toMatch(/did not answer/);
    const retried = await createOrder(600, {}, key);
    expect(retried.code).toBe(200);
    expect(retried.data.payerAction?.kind).toBe('WECHAT_NATIVE');
    expect(
      logLines.some((l) => l.includes('channel call failed') && l.includes('Wechatpay-Signature does not verify')),
    ).toBe(true);
  });

  it('every channel call is logged with its id, latency and outcome, and no secret', () => {
    const calls = logLines.filter((l) => l.includes('"channelCall"')).map((l) => JSON.parse(l));
    expect(calls.length).toBeGreaterThan(10);
    expect(calls[0]).toMatchObject({
      channelCall: { callId: expect.any(String), channel: 'WECHAT' },
      ms: expect.any(Number),
      outcome: 'ok',
    });
    const all = logLines.join('\n');
    for (const secret of [fake.apiV3Key, fake.spAppSecret, fake.openid, 'paySign', 'prepay_id'])
      expect(all).not.toContain(secret);
  });

  it('a merchant without a sub_mchid cannot take WeChat payments, and the payer is told why', async () => {
    const other = await codeFor(t.database.db, 'M100000002');
    const info = await payer.get<CashierCode>(`/api/pay/code/${other}`);
    expect(info.body.data.availability.WECHAT).toBe('NO_SUB_MERCHANT');
    expect(info.body.data.availability.ALIPAY).toBe('SANDBOX');
    const res = await payer.post('/api/pay/order', {
      codeNo: other,
      amountFen: 100,
      channel: 'WECHAT',
      idempotencyKey: newKey(),
    });
    expect(res.body).toMatchObject({ code: 409, msg: expect.stringMatching(/^channel: .*sub-merchant/) });
    // The merchant API refuses it the same way, naming the parameter, and makes no order.
    const { secret } = await createKey(owner);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${secret}`, 'idempotency-key': newKey() },
      payload: { mchNo: 'M100000002', amountFen: 100, channel: 'WECHAT', description: 'Latte' },
    });
    expect(api.statusCode).toBe(400);
    expect(api.json().error).toMatchObject({
      type: 'invalid_request_error',
      code: 'channel_unavailable',
      param: 'channel',
      message: expect.stringMatching(/sub-merchant/),
    });
    const made = await t.database.db.execute(
      sql`select count(*)::int as n from orders where label = 'Latte' and code_no is null`,
    );
    expect((made as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it("the trade bill is downloaded, its SHA1 checked, and its backtick CSV read as the day's statement", async () => {
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const lines = await wechatPayChannel(t.config.wechatPay!).fetchStatement(day, []);
    const paidNos = [...fake.transactions.values()].filter((x) => x.successTime).map((x) => x.outTradeNo);
    expect(
      lines
        .filter((l) => l.amountFen > 0)
        .map((l) => l.orderNo)
        .sort(),
    ).toEqual(paidNos.sort());
    const refundLines = lines.filter((l) => l.amountFen < 0);
    expect(refundLines.map((l) => l.refundNo).sort()).toEqual(
      [...fake.refunds.values()]
        .filter((r) => r.status === 'SUCCESS')
        .map((r) => r.outRefundNo)
        .sort(),
    );
    expect(refundLines.find((l) => l.amountFen === -2000)).toBeDefined();
    expect(fake.requests.find((r) => r.path.startsWith('/v3/billdownload/file'))?.signed).toBe(true);
  });
});

describe('WECHATPAY_* settings', () => {
  it('a missing or malformed key stops the start naming it', () => {
    const env = { NODE_ENV: 'test', ...fake.env(ORIGIN) };
    const problems = (e: Record<string, string>) => {
      try {
        loadConfig(e);
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ ...env, WECHATPAY_APIV3_KEY: '' })[0]).toMatch(/^WECHATPAY_APIV3_KEY is not set/);
    expect(problems({ ...env, WECHATPAY_SP_MCHID: '12ab' })[0]).toMatch(/^WECHATPAY_SP_MCHID must be/);
    expect(problems({ ...env, WECHATPAY_PRIVATE_KEY_FILE: '/nonexistent.pem' })[0]).toMatch(
      /^WECHATPAY_PRIVATE_KEY_FILE cannot be read/,
    );
    expect(problems({ ...env, WECHATPAY_PUBLIC_KEY_FILE: 'package.json' })[0]).toMatch(
      /^WECHATPAY_PUBLIC_KEY_FILE is not an RSA public key in PEM/,
    );
    expect(problems({ ...env, MCHWEB_PUBLIC_ORIGIN: '' })[0]).toMatch(/^MCHWEB_PUBLIC_ORIGIN must be/);
    expect(problems(env)).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test' }).wechatPay).toBeNull();
  });
});
