import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApiErrorBody, V1CreatedPayment, V1Payment, V1Refund } from '@mchweb/contract';
import { UNCONNECTED, type Channels } from '../src/channels.ts';
import { SANDBOX_CHANNELS } from '../src/sandbox/index.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { api, createKey, idem, payment } from './developer-fixtures.ts';
import { notify } from './payment-fixtures.ts';
import { demoOwner } from './scope-fixtures.ts';

// Issue 30: the merchant API's calls, Idempotency-Key, its errors (every type) and its rate limit per key.

/**
 * The sandbox's channels, except that asking WeChat for a payment fails while `failing` is set (a fault), and
 * Alipay is not connected (as on a server outside the sandbox without Alipay's settings).
 */
let failing = false;
const channels: Channels = {
  ...SANDBOX_CHANNELS,
  payment: (channel) => {
    if (channel === 'ALIPAY') return UNCONNECTED.payment(channel);
    const real = SANDBOX_CHANNELS.payment(channel);
    return {
      ...real,
      createPayment: async (p) => {
        if (failing) throw new Error('channel unreachable');
        return real.createPayment(p);
      },
    };
  },
};

let t: TestApp;
let owner: TestClient;
let secret: string;
beforeAll(async () => {
  t = await createTestApp({ channels, config: { apiRateLimitPerMinute: 1000 } });
  ({ owner } = await demoOwner(t));
  ({ secret } = await createKey(owner));
}, 600_000);
afterAll(() => t.close());

const orderCount = async () =>
  Number(
    ((await t.database.db.execute(sql`select count(*)::int as n from orders`)) as unknown as { rows: { n: number }[] })
      .rows[0]!.n,
  );

describe('issue 30 merchant API: payments and refunds', { timeout: 300_000 }, () => {
  it('creates a payment with a payer URL, reads it, takes its payment and refunds it', async () => {
    const created = await api<V1CreatedPayment>(t, secret, 'POST', '/api/v1/payments', {
      body: { ...payment('M100000001', 2000), metadata: { shopOrder: 'A-1001' }, expiresInMinutes: 5 },
    });
    expect(created.http).toBe(201);
    const p = created.body;
    expect(p).toMatchObject({ mchNo: 'M100000001', amountFen: 2000, status: 'PENDING', description: 'Latte x1' });
    expect(p.metadata).toEqual({ shopOrder: 'A-1001' });
    expect(p.payerUrl).toMatch(new RegExp(`/mchweb/pay/order/${p.orderNo}$`));
    expect(new Date(p.expiresAt).getTime() - new Date(p.createdAt).getTime()).toBe(5 * 60_000);
    // The payer's page reads the same order through the public cashier call.
    const cashier = await t.client().get<{ expiresAt: string }>(`/api/pay/order/${p.orderNo}`);
    expect(cashier.body.data.expiresAt).toBe(p.expiresAt);

    await notify(t.client(), p.orderNo, 'SUCCESS');
    const read = await api<V1Payment>(t, secret, 'GET', `/api/v1/payments/${p.orderNo}`);
    expect(read.body).toMatchObject({ status: 'SUCCESS', refundableFen: 2000, metadata: { shopOrder: 'A-1001' } });

    const refund = await api<V1Refund>(t, secret, 'POST', `/api/v1/payments/${p.orderNo}/refunds`, {
      body: { amountFen: 500, reason: 'One item returned' },
    });
    expect(refund.http).toBe(201);
    expect(refund.body).toMatchObject({ orderNo: p.orderNo, amountFen: 500, status: 'PROCESSING' });
    const again = await api<V1Refund>(t, secret, 'GET', `/api/v1/refunds/${refund.body.refundNo}`);
    expect(again.body).toEqual(refund.body);
    // The audit log names the key that refunded.
    const audit = (await t.database.db.execute(
      sql`select detail from audit_log where action = 'order.refund' and target_id = ${p.orderNo}`,
    )) as unknown as { rows: { detail: { by: string } }[] };
    expect(audit.rows[0]!.detail.by).toMatch(/^apiKey:/);
  });

  it('lists payments with the order filters, by keyset pages', async () => {
    const first = await api<{ rows: V1Payment[]; nextCursor: string; hasMore: boolean }>(
      t,
      secret,
      'GET',
      '/api/v1/payments',
      {
        query: { limit: '2', status: 'SUCCESS,REFUNDED,PARTIAL_REFUNDED', mchNo: 'M100000001' },
      },
    );
    expect(first.http).toBe(200);
    expect(first.body.rows).toHaveLength(2);
    expect(first.body.hasMore).toBe(true);
    for (const r of first.body.rows) expect(['SUCCESS', 'REFUNDED', 'PARTIAL_REFUNDED']).toContain(r.status);
    const next = await api<{ rows: V1Payment[] }>(t, secret, 'GET', '/api/v1/payments', {
      query: {
        limit: '2',
        status: 'SUCCESS,REFUNDED,PARTIAL_REFUNDED',
        mchNo: 'M100000001',
        cursor: first.body.nextCursor,
      },
    });
    const seen = new Set(first.body.rows.map((r) => r.orderNo));
    for (const r of next.body.rows) expect(seen.has(r.orderNo)).toBe(false);
  });

  it('lists settlements', async () => {
    const res = await api<{ rows: { settleNo: string; attempts?: number }[] }>(t, secret, 'GET', '/api/v1/settlements');
    expect(res.http).toBe(200);
    expect(res.body.rows.length).toBeGreaterThan(0);
    expect(res.body.rows[0]).not.toHaveProperty('attempts');
  });

  it('publishes its own OpenAPI document, without a key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { 'x-scope': string }>> };
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/payments',
        '/payments/{orderNo}',
        '/payments/{orderNo}/refunds',
        '/refunds/{refundNo}',
        '/settlements',
        '/webhook_endpoints',
        '/webhook_endpoints/{id}',
        '/webhook_endpoints/{id}/rotate_secret',
      ].sort(),
    );
    expect(doc.paths['/payments']!.post!['x-scope']).toBe('orders:write');
    // The portal's own document does not list it.
    const portal = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as { paths: object };
    expect(Object.keys(portal.paths).some((p) => p.startsWith('/api/v1'))).toBe(false);
  });
});

describe('issue 30 merchant API: Idempotency-Key', { timeout: 300_000 }, () => {
  it('the same key and body answer the same payment; another body is refused (409 idempotency_error)', async () => {
    const key = idem();
    const before = await orderCount();
    const one = await api<V1CreatedPayment>(t, secret, 'POST', '/api/v1/payments', {
      body: payment(),
      idempotencyKey: key,
    });
    const two = await api<V1CreatedPayment>(t, secret, 'POST', '/api/v1/payments', {
      body: payment(),
      idempotencyKey: key,
    });
    expect([one.http, two.http]).toEqual([201, 201]);
    expect(two.body).toEqual(one.body);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(await orderCount()).toBe(before + 1);
    const other = await api<ApiErrorBody>(t, secret, 'POST', '/api/v1/payments', {
      body: payment('M100000001', 999),
      idempotencyKey: key,
    });
    expect([other.http, other.body.error.type, other.body.error.code, other.body.error.param]).toEqual([
      409,
      'idempotency_error',
      'idempotency_key_reused',
      'Idempotency-Key',
    ]);
  });

  it('keys are per API key: another key may use the same value for its own request', async () => {
    const { secret: other } = await createKey(owner);
    const key = idem();
    const one = await api<V1CreatedPayment>(t, secret, 'POST', '/api/v1/payments', {
      body: payment(),
      idempotencyKey: key,
    });
    const two = await api<V1CreatedPayment>(t, other, 'POST', '/api/v1/payments', {
      body: payment(),
      idempotencyKey: key,
    });
    expect(two.body.orderNo).not.toBe(one.body.orderNo);
  });

  it('a refusal is kept as the answer; a fault is not (the retry runs again, and finds the order it made)', async () => {
    const key = idem();
    const bad = await api<ApiErrorBody>(t, secret, 'POST', '/api/v1/payments', {
      body: payment('M100000001', 100),
      headers: { 'idempotency-key': key },
    });
    expect(bad.http).toBe(201); // a valid payment first, to be sure the key works
    const closed = await api<ApiErrorBody>(t, secret, 'POST', `/api/v1/payments/P20260101000000000000/refunds`, {
      body: { amountFen: 1, reason: 'x' },
    });
    expect([closed.http, closed.body.error.type, closed.body.error.code]).toEqual([
      404,
      'invalid_request_error',
      'resource_missing',
    ]);

    const before = await orderCount();
    const retried = idem();
    failing = true;
    const fault = await api<ApiErrorBody>(t, secret, 'POST', '/api/v1/payments', {
      body: payment(),
      idempotencyKey: retried,
    });
    failing = false;
    expect([fault.http, fault.body.error.type, fault.body.error.code]).toEqual([500, 'api_error', 'internal_error']);
    const retry = await api<V1CreatedPayment>(t, secret, 'POST', '/api/v1/payments', {
      body: payment(),
      idempotencyKey: retried,
    });
    expect(retry.http).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await orderCount()).toBe(before + 1);
  });

  it.runIf(process.env.DATABASE_URL)(
    'concurrent requests with one key make one payment and get the same answer (PostgreSQL)',
    async () => {
      const key = idem();
      const before = await orderCount();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          api<V1CreatedPayment>(t, secret, 'POST', '/api/v1/payments', { body: payment(), idempotencyKey: key }),
        ),
      );
      expect(answers.map((a) => a.http)).toEqual(Array(6).fill(201));
      expect(new Set(answers.map((a) => a.body.orderNo)).size).toBe(1);
      expect(await orderCount()).toBe(before + 1);
    },
  );

  it('a POST without Idempotency-Key is refused', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${secret}` },
      payload: payment(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'idempotency_key_missing',
        message: expect.stringContaining('Idempotency-Key'),
        param: 'Idempotency-Key',
      },
    });
  });
});

describe('issue 30 merchant API: errors', { timeout: 300_000 }, () => {
  it('invalid_request_error (400) names the parameter; unknown paths and objects are 404', async () => {
    const bad = await api<ApiErrorBody>(t, secret, 'POST', '/api/v1/payments', {
      body: { ...payment(), amountFen: 0 },
    });
    expect([bad.http, bad.body.error.type, bad.body.error.param]).toEqual([400, 'invalid_request_error', 'amountFen']);
    const unknownField = await api<ApiErrorBody>(t, secret, 'POST', '/api/v1/payments', {
      body: { ...payment(), tip: 1 },
    });
    expect(unknownField.http).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${secret}`, 'idempotency-key': idem(), 'content-type': 'application/json' },
      payload: '{"mchNo":',
    });
    expect([notJson.statusCode, notJson.json().error.code]).toEqual([400, 'body_invalid']);
    const path = await api<ApiErrorBody>(t, secret, 'GET', '/api/v1/nothing-here');
    expect([path.http, path.body.error.code]).toEqual([404, 'unknown_path']);
    const order = await api<ApiErrorBody>(t, secret, 'GET', '/api/v1/payments/P20260101000000000000');
    expect([order.http, order.body.error.type]).toEqual([404, 'invalid_request_error']);
    // A state that forbids it: refunding a PENDING payment.
    const pending = await api<V1CreatedPayment>(t, secret, 'POST', '/api/v1/payments', { body: payment() });
    const early = await api<ApiErrorBody>(t, secret, 'POST', `/api/v1/payments/${pending.body.orderNo}/refunds`, {
      body: { amountFen: 1, reason: 'x' },
    });
    expect([early.http, early.body.error.code]).toEqual([400, 'state_conflict']);
  });

  it('a channel not connected for the merchant is refused naming `channel`, and no order is made', async () => {
    const before = await orderCount();
    const res = await api<ApiErrorBody>(t, secret, 'POST', '/api/v1/payments', {
      body: { ...payment(), channel: 'ALIPAY' },
    });
    expect(res.http).toBe(400);
    expect(res.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'channel_unavailable',
      param: 'channel',
      message: expect.stringMatching(/^channel: no payment channel is connected/),
    });
    expect(await orderCount()).toBe(before);
    // In Chinese, as the payer's page says it.
    const zh = await api<ApiErrorBody>(t, secret, 'POST', '/api/v1/payments', {
      body: { ...payment(), channel: 'ALIPAY' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.error.message).toContain('尚未接入');
  });

  it('authentication_error (401): no key, a malformed one; Chinese when asked', async () => {
    const none = await api<ApiErrorBody>(t, null, 'GET', '/api/v1/payments');
    expect([none.http, none.body.error.type, none.body.error.code]).toEqual([
      401,
      'authentication_error',
      'api_key_missing',
    ]);
    const junk = await api<ApiErrorBody>(t, 'sk_live_nothing', 'GET', '/api/v1/payments', {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect([junk.http, junk.body.error.message]).toEqual([401, 'API 密钥无效或已被吊销']);
  });

  it('rate_limit_error (429) with Retry-After, per key', async () => {
    const limited = await createTestApp({ seed: false, config: { apiRateLimitPerMinute: 3 } });
    try {
      // An organisation of its own, with two keys.
      const { owner: o } = await demoOwnerOf(limited);
      const { secret: k1 } = await createKey(o, { scopes: ['orders:read'] });
      const { secret: k2 } = await createKey(o, { scopes: ['orders:read'] });
      for (let i = 0; i < 3; i++) expect((await api(limited, k1, 'GET', '/api/v1/payments')).http).toBe(200);
      const over = await api<ApiErrorBody>(limited, k1, 'GET', '/api/v1/payments');
      expect([over.http, over.body.error.type, over.body.error.code]).toEqual([
        429,
        'rate_limit_error',
        'rate_limited',
      ]);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect((await api(limited, k2, 'GET', '/api/v1/payments')).http).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

/** The owner of a new organisation of its own on an app without the demo. */
async function demoOwnerOf(app: TestApp) {
  const { newUser } = await import('./scope-fixtures.ts');
  const { withCheckChar } = await import('../src/sandbox/seed-demo.ts');
  const { client } = await newUser(app, '13655550001');
  await client.post('/api/merchant/feeManager/addCompany', {
    companyName: 'Limit Test Ltd',
    creditCode: withCheckChar('91330100MA7777777'),
    contactName: 'Limit',
    contactMobile: '13655550001',
  });
  return { owner: client };
}
