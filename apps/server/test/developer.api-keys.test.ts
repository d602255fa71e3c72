import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ApiErrorBody, ApiKey, V1CreatedPayment, V1PaymentPage } from '@mchweb/contract';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { api, createKey, payment } from './developer-fixtures.ts';
import { demoOwner, M } from './scope-fixtures.ts';

// Issue 30: API keys of an organisation (/developer), and what they open on the merchant API.

let t: TestApp;
let owner: TestClient;
let idOf: (mchNo: string) => number;
beforeAll(async () => {
  t = await createTestApp();
  ({ owner, idOf } = await demoOwner(t));
}, 600_000);
afterAll(() => t.close());

describe('issue 30 API keys', { timeout: 300_000 }, () => {
  it('a new key is shown once, listed without its secret, and only its SHA-256 is stored', async () => {
    const created = await createKey(owner, { name: 'Shop till', scopes: ['orders:read', 'orders:write'] });
    expect(created.secret).toMatch(/^mk_test_[0-9A-Za-z]{12}_[0-9A-Za-z]{43}$/);
    expect(created.secret.startsWith(`${created.key.prefix}_`)).toBe(true);
    expect(created.key).toMatchObject({ name: 'Shop till', status: 'ACTIVE', mode: 'test', merchantIds: null });

    const list = (await owner.get<ApiKey[]>(`${M}/developer/key/list`)).body.data;
    expect(list[0]).toMatchObject({ keyId: created.key.keyId, lastUsedAt: null });
    expect(JSON.stringify(list)).not.toContain(created.secret.slice(-43));

    const rows = (await t.database.db.execute(
      sql`select * from api_keys where key_id = ${created.key.keyId}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    const row = rows.rows[0]!;
    expect(row.secret_hash).toBe(crypto.createHash('sha256').update(created.secret).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(-43));
  });

  it('a call with the key works on /api/v1 and marks the key used', async () => {
    const { key, secret } = await createKey(owner, { scopes: ['orders:read'] });
    const res = await api<V1PaymentPage>(t, secret, 'GET', '/api/v1/payments');
    expect(res.http).toBe(200);
    expect(res.body.rows.length).toBeGreaterThan(0);
    const listed = (await owner.get<ApiKey[]>(`${M}/developer/key/list`)).body.data.find((k) => k.keyId === key.keyId);
    expect(listed!.lastUsedAt).not.toBeNull();
  });

  it('a revoked key is refused from its next call on (401 authentication_error)', async () => {
    const { key, secret } = await createKey(owner);
    expect((await api(t, secret, 'GET', '/api/v1/payments')).http).toBe(200);
    const revoked = await owner.post<ApiKey>(`${M}/developer/key/revoke`, { keyId: key.keyId });
    expect(revoked.body.data).toMatchObject({ status: 'REVOKED' });
    const refused = await api<ApiErrorBody>(t, secret, 'GET', '/api/v1/payments');
    expect([refused.http, refused.body.error.type, refused.body.error.code]).toEqual([
      401,
      'authentication_error',
      'api_key_invalid',
    ]);
    // Revoking it again answers it as it is.
    expect((await owner.post<ApiKey>(`${M}/developer/key/revoke`, { keyId: key.keyId })).body.code).toBe(200);
    // A key with a right id and a wrong secret is refused the same way.
    const forged = `${secret.slice(0, -43)}${'A'.repeat(43)}`;
    expect((await api(t, forged, 'GET', '/api/v1/payments')).http).toBe(401);
  });

  it('a key may do only what its scopes say (403 permission_error)', async () => {
    const { secret } = await createKey(owner, { scopes: ['orders:read'] });
    const res = await api<ApiErrorBody>(t, secret, 'POST', '/api/v1/payments', { body: payment() });
    expect([res.http, res.body.error.type, res.body.error.code]).toEqual([403, 'permission_error', 'scope_missing']);
    const settlements = await api<ApiErrorBody>(t, secret, 'GET', '/api/v1/settlements');
    expect([settlements.http, settlements.body.error.type]).toEqual([403, 'permission_error']);
  });

  it("a key for some merchants sees and acts for those only (another's are not found)", async () => {
    const { secret: all } = await createKey(owner);
    const { secret: one } = await createKey(owner, { merchantIds: [idOf('M100000002')] });
    const theirs = await api<V1CreatedPayment>(t, all, 'POST', '/api/v1/payments', { body: payment('M100000001') });
    expect(theirs.http).toBe(201);

    const read = await api<ApiErrorBody>(t, one, 'GET', `/api/v1/payments/${theirs.body.orderNo}`);
    expect([read.http, read.body.error.type, read.body.error.code]).toEqual([
      404,
      'invalid_request_error',
      'resource_missing',
    ]);
    const make = await api<ApiErrorBody>(t, one, 'POST', '/api/v1/payments', { body: payment('M100000001') });
    expect([make.http, make.body.error.param]).toEqual([404, 'mchNo']);
    const own = await api<V1CreatedPayment>(t, one, 'POST', '/api/v1/payments', { body: payment('M100000002') });
    expect(own.http).toBe(201);
    const listed = await api<V1PaymentPage>(t, one, 'GET', '/api/v1/payments', { query: { limit: '100' } });
    expect(new Set(listed.body.rows.map((r) => r.mchNo))).toEqual(new Set(['M100000002']));
  });

  it('members without developer:manage cannot list or create keys; merchants must be the organisation own', async () => {
    const cashier = await t.signIn('13800138003');
    expect((await cashier.get(`${M}/developer/key/list`)).body.code).toBe(403);
    expect(
      (await cashier.post(`${M}/developer/key/create`, { name: 'x', scopes: ['orders:read'], merchantIds: null })).body
        .code,
    ).toBe(403);
    const refused = await owner.post(`${M}/developer/key/create`, {
      name: 'x',
      scopes: ['orders:read'],
      merchantIds: [999_999],
    });
    expect([refused.body.code, refused.body.msg]).toEqual([400, expect.stringContaining('merchantIds')]);
  });

  it('a key never works on the portal, a session never on the merchant API', async () => {
    const { secret } = await createKey(owner);
    const portal = await t.app.inject({
      method: 'GET',
      url: `${M}/developer/key/list`,
      headers: { authorization: `Bearer ${secret}` },
    });
    expect([portal.statusCode, portal.json().code]).toEqual([401, 401]);
    const withSession = await api<ApiErrorBody>(t, null, 'GET', '/api/v1/payments', {
      headers: { token: owner.token! },
    });
    expect([withSession.http, withSession.body.error.code]).toEqual([401, 'session_not_accepted']);
  });
});
