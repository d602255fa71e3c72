import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  ApiErrorBody,
  V1WebhookEndpoint,
  V1WebhookEndpointPage,
  V1WebhookEndpointWithSecret,
} from '@mchweb/contract';
import { createTestApp, type TestApp } from './harness.ts';
import { api, createKey, idem, type ApiAnswer } from './developer-fixtures.ts';
import { codeFor, paid } from './payment-fixtures.ts';
import { A, B, demoOwner, stranger as newStranger } from './scope-fixtures.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

// The merchant API's webhook endpoints (/api/v1/webhook_endpoints, scope webhooks:manage): the portal's endpoints
// and rules, driven by an API key.

const HOOKS = '/api/v1/webhook_endpoints';
/** A closed port: endpoints that must receive nothing real point here (their tries fail at once). */
const NOWHERE = 'http://127.0.0.1:9/hooks';

let t: TestApp;
let receiver: Receiver;
let idOf: (mchNo: string) => number;
let companyId: number;
/** Keys of the demo organisation: every merchant (its id too, for the audit log), and merchant A only. */
let key: string;
let keyId: string;
let keyA: string;
/** A key of another organisation, with every scope. */
let strangerKey: string;

beforeAll(async () => {
  t = await createTestApp();
  const demo = await demoOwner(t);
  ({ idOf, companyId } = demo);
  const all = await createKey(demo.owner, { scopes: ['webhooks:manage'] });
  [key, keyId] = [all.secret, all.key.keyId];
  keyA = (await createKey(demo.owner, { scopes: ['webhooks:manage'], merchantIds: [idOf(A)] })).secret;
  strangerKey = (await createKey(await newStranger(t))).secret;
  receiver = await startReceiver();
}, 300_000);
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const create = (k: string, body: object, idempotencyKey?: string) =>
  api<V1WebhookEndpointWithSecret & ApiErrorBody>(t, k, 'POST', HOOKS, { body, idempotencyKey });
const created = async (k: string, body: object) => {
  const res = await create(k, { url: NOWHERE, eventTypes: ['order.paid'], ...body });
  expect(res.http, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const get = (k: string, id: number) => api<V1WebhookEndpoint & ApiErrorBody>(t, k, 'GET', `${HOOKS}/${id}`);
const update = (k: string, id: number, body: object) =>
  api<V1WebhookEndpoint & ApiErrorBody>(t, k, 'POST', `${HOOKS}/${id}`, { body });
const rotate = (k: string, id: number, idempotencyKey?: string) =>
  api<V1WebhookEndpointWithSecret & ApiErrorBody>(t, k, 'POST', `${HOOKS}/${id}/rotate_secret`, { idempotencyKey });
const listed = async (k: string) => (await api<V1WebhookEndpointPage>(t, k, 'GET', HOOKS)).body.rows.map((e) => e.id);
/** What a refusal says: status, type, code and param (and the message, which names the field). */
const refusal = (res: ApiAnswer<ApiErrorBody>) => [
  res.http,
  res.body.error?.type,
  res.body.error?.code,
  res.body.error?.param,
];
const endpointCount = async () =>
  Number(
    (
      (await t.database.db.execute(
        sql`select count(*)::int as n from webhook_endpoints where company_id = ${companyId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]!.n,
  );
const audit = async (action: string, id: number) =>
  (
    (await t.database.db.execute(
      sql`select detail from audit_log where action = ${action} and target_id = ${String(id)} order by id`,
    )) as unknown as { rows: { detail: Record<string, unknown> }[] }
  ).rows.map((r) => r.detail);

describe('merchant API webhook endpoints: an API key registers and manages them', { timeout: 300_000 }, () => {
  it("a key with webhooks:manage creates an endpoint, which then receives a real payment's signed event", async () => {
    const res = await create(key, { url: receiver.url, description: 'Till', eventTypes: ['order.paid'], mchNos: [A] });
    expect(res.http).toBe(201);
    const { secret, ...endpoint } = res.body;
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ url: receiver.url, description: 'Till', mchNos: [A], enabled: true });
    expect(endpoint).not.toHaveProperty('merchantIds');
    expect((await get(key, endpoint.id)).body).toEqual(endpoint);
    expect(await listed(key)).toContain(endpoint.id);

    receiver.secrets = [secret];
    const orderNo = await paid(t.client(), await codeFor(t.app.db, A), 1280);
    const [event] = (await receiver.until((r) => r.some((x) => x.payload.data.orderNo === orderNo))).filter(
      (x) => x.payload.data.orderNo === orderNo,
    );
    expect(event).toMatchObject({ verifiedBy: [true], payload: { type: 'order.paid', data: { mchNo: A } } });
    // Audited as the portal's create is, naming the key.
    expect(await audit('webhook.create', endpoint.id)).toEqual([
      { url: receiver.url, eventTypes: ['order.paid'], merchantIds: [idOf(A)], by: `apiKey:${keyId}` },
    ]);
    expect((await update(key, endpoint.id, { enabled: false })).body.enabled).toBe(false);
  });

  it('an update changes the fields sent only, and the audit log keeps them before and after', async () => {
    const ep = await created(key, { url: `${NOWHERE}/till`, description: 'Before', eventTypes: ['order.closed'] });
    const renamed = await update(key, ep.id, { description: 'After' });
    expect(renamed.body).toEqual({ ...ep, secret: undefined, description: 'After' });
    const widened = await update(key, ep.id, { mchNos: [B, A], eventTypes: ['refund.failed'] });
    expect(widened.body).toMatchObject({ description: 'After', eventTypes: ['refund.failed'], enabled: true });
    expect([...widened.body.mchNos!].sort()).toEqual([A, B].sort());
    const off = await update(key, ep.id, { enabled: false });
    expect(off.body).toMatchObject({ enabled: false, disabledReason: null, mchNos: widened.body.mchNos });
    expect((await update(key, ep.id, { description: 'Still off' })).body.enabled).toBe(false);
    const updates = await audit('webhook.update', ep.id);
    expect(updates).toHaveLength(4);
    expect(updates[1]).toMatchObject({
      before: { merchantIds: null, eventTypes: ['order.closed'], url: `${NOWHERE}/till` },
      after: { merchantIds: [idOf(A), idOf(B)].sort((x, y) => x - y), eventTypes: ['refund.failed'] },
      by: `apiKey:${keyId}`,
    });
  });

  it('rotate_secret answers a new secret; the old one signs too for 24 hours', async () => {
    const ep = await created(key, { url: receiver.url, mchNos: [B] });
    // A POST without any body, as `curl -X POST` sends it.
    const res = await t.app.inject({
      method: 'POST',
      url: `${HOOKS}/${ep.id}/rotate_secret`,
      headers: { authorization: `Bearer ${key}`, 'idempotency-key': idem() },
    });
    expect(res.statusCode).toBe(200);
    const rotated = res.json() as V1WebhookEndpointWithSecret;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(ep.secret);
    const overlap = new Date(rotated.previousSecretUntil!).getTime() - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
    expect((await get(key, ep.id)).body).not.toHaveProperty('secret');

    receiver.secrets = [ep.secret, rotated.secret, 'whsec_' + Buffer.alloc(24).toString('base64')];
    const orderNo = await paid(t.client(), await codeFor(t.app.db, B), 990);
    const [event] = (await receiver.until((r) => r.some((x) => x.payload.data.orderNo === orderNo))).filter(
      (x) => x.payload.data.orderNo === orderNo,
    );
    expect(event!.verifiedBy).toEqual([true, true, false]);
    expect(await audit('webhook.rotateSecret', ep.id)).toEqual([{ by: `apiKey:${keyId}` }]);
    await update(key, ep.id, { enabled: false });
  });

  it('a key without the scope is refused on every call (403 scope_missing), and nothing is made', async () => {
    const { secret: reader } = await createKey(await t.signIn('13800138000'), { scopes: ['orders:read'] });
    const ep = await created(key, {});
    const before = await endpointCount();
    for (const res of [
      await api<ApiErrorBody>(t, reader, 'GET', HOOKS),
      await create(reader, { url: NOWHERE, eventTypes: ['order.paid'] }),
      await get(reader, ep.id),
      await update(reader, ep.id, { enabled: false }),
      await rotate(reader, ep.id),
    ]) {
      expect(refusal(res)).toEqual([403, 'permission_error', 'scope_missing', null]);
      expect(res.body.error.message).toContain('webhooks:manage');
    }
    expect(await endpointCount()).toBe(before);
    const unchanged = await get(key, ep.id);
    expect(unchanged.body.enabled).toBe(true);
    expect(unchanged.body).not.toHaveProperty('secret');
  });

  it('Idempotency-Key: a retry answers the same endpoint and secret, once; another body is refused', async () => {
    const body = { url: NOWHERE, eventTypes: ['order.closed'] };
    const retried = idem();
    const before = await endpointCount();
    const one = await create(key, body, retried);
    const two = await create(key, body, retried);
    expect([one.http, two.http]).toEqual([201, 201]);
    expect(two.body).toEqual(one.body);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(await endpointCount()).toBe(before + 1);
    const other = await create(key, { ...body, description: 'another' }, retried);
    expect(refusal(other)).toEqual([409, 'idempotency_error', 'idempotency_key_reused', 'Idempotency-Key']);

    // A rotation retried is one rotation: the same secret, one audit entry.
    const again = idem();
    const first = await rotate(key, one.body.id, again);
    const second = await rotate(key, one.body.id, again);
    expect(second.body.secret).toBe(first.body.secret);
    expect(await audit('webhook.rotateSecret', one.body.id)).toHaveLength(1);
  });
});

describe("merchant API webhook endpoints: a key's merchants and organisation", { timeout: 300_000 }, () => {
  it('a key limited to A creates endpoints for A only: not for B, not for every merchant', async () => {
    const before = await endpointCount();
    const forB = await create(keyA, { url: NOWHERE, eventTypes: ['order.paid'], mchNos: [B] });
    expect(refusal(forB)).toEqual([404, 'invalid_request_error', 'resource_missing', 'mchNos']);
    expect(forB.body.error.message).toContain(B);
    const forAandB = await create(keyA, { url: NOWHERE, eventTypes: ['order.paid'], mchNos: [A, B] });
    expect(refusal(forAandB)).toEqual([404, 'invalid_request_error', 'resource_missing', 'mchNos']);
    for (const every of [{ mchNos: null }, {}]) {
      const res = await create(keyA, { url: NOWHERE, eventTypes: ['order.paid'], ...every });
      expect(refusal(res)).toEqual([400, 'invalid_request_error', 'parameter_invalid', 'mchNos']);
      expect(res.body.error.message).toMatch(/^mchNos: this API key acts for only some merchants/);
    }
    expect(await endpointCount()).toBe(before);
    expect((await created(keyA, { mchNos: [A] })).mchNos).toEqual([A]);
  });

  it("a key limited to A sees and changes only endpoints limited to A; the others answer as another organisation's", async () => {
    const every = await created(key, {});
    const onlyB = await created(key, { mchNos: [B] });
    const onlyA = await created(key, { mchNos: [A] });
    const mine = await created(keyA, { mchNos: [A] });

    const seen = await listed(keyA);
    expect(seen).toEqual(expect.arrayContaining([onlyA.id, mine.id]));
    expect(seen).not.toContain(every.id);
    expect(seen).not.toContain(onlyB.id);
    expect(await listed(key)).toEqual(expect.arrayContaining([every.id, onlyB.id, onlyA.id, mine.id]));

    for (const hidden of [every, onlyB]) {
      const calls = [
        (k: string) => get(k, hidden.id),
        (k: string) => update(k, hidden.id, { enabled: false }),
        (k: string) => rotate(k, hidden.id),
      ];
      for (const call of calls) {
        const asA = await call(keyA);
        expect(refusal(asA)).toEqual([404, 'invalid_request_error', 'resource_missing', 'id']);
        expect(asA.body).toEqual((await call(strangerKey)).body);
        expect(JSON.stringify(asA.body)).not.toContain(hidden.secret);
      }
    }
    expect((await get(key, every.id)).body).toMatchObject({ enabled: true, previousSecretUntil: null });

    // Its own: widening it to B, or to every merchant, is refused and leaves it as it was.
    expect(refusal(await update(keyA, mine.id, { mchNos: [A, B] }))).toEqual([
      404,
      'invalid_request_error',
      'resource_missing',
      'mchNos',
    ]);
    expect(refusal(await update(keyA, mine.id, { mchNos: null }))).toEqual([
      400,
      'invalid_request_error',
      'parameter_invalid',
      'mchNos',
    ]);
    expect((await update(keyA, mine.id, { description: 'till' })).body).toMatchObject({
      description: 'till',
      mchNos: [A],
    });
  });

  it("another organisation's endpoint is not found, exactly as one that does not exist", async () => {
    const ours = await created(key, {});
    const none = 999_999_999;
    for (const [theirs, nothing] of [
      [await get(strangerKey, ours.id), await get(strangerKey, none)],
      [await update(strangerKey, ours.id, { url: NOWHERE }), await update(strangerKey, none, { url: NOWHERE })],
      [await rotate(strangerKey, ours.id), await rotate(strangerKey, none)],
    ]) {
      expect(refusal(theirs!)).toEqual([404, 'invalid_request_error', 'resource_missing', 'id']);
      expect(theirs!.body).toEqual(nothing!.body);
    }
    expect(await listed(strangerKey)).toEqual([]);
    const forOurs = await create(strangerKey, { url: NOWHERE, eventTypes: ['order.paid'], mchNos: [A] });
    expect(refusal(forOurs)).toEqual([404, 'invalid_request_error', 'resource_missing', 'mchNos']);
    expect((await get(key, ours.id)).body).toEqual({ ...ours, secret: undefined });
  });
});

describe('merchant API webhook endpoints: bad input and limits', { timeout: 300_000 }, () => {
  it('bad input answers the API error naming the field, in Chinese when asked, and makes nothing', async () => {
    const before = await endpointCount();
    const cases: [object, string][] = [
      [{ url: 'ftp://hooks.example.com/x', eventTypes: ['order.paid'] }, 'url'],
      [{ url: 'not a url', eventTypes: ['order.paid'] }, 'url'],
      [{ url: NOWHERE, eventTypes: [] }, 'eventTypes'],
      [{ url: NOWHERE }, 'eventTypes'],
      [{ url: NOWHERE, eventTypes: ['order.paid'], mchNos: [] }, 'mchNos'],
      [{ url: NOWHERE, eventTypes: ['order.paid'], secret: 'whsec_mine' }, 'secret'],
      [{ url: NOWHERE, eventTypes: ['order.paid'], merchantIds: null }, 'merchantIds'],
    ];
    for (const [body, param] of cases) {
      const res = await create(key, body);
      expect([JSON.stringify(body), ...refusal(res)]).toEqual([
        JSON.stringify(body),
        400,
        'invalid_request_error',
        'parameter_invalid',
        param,
      ]);
      expect(res.body.error.message).toContain(param === 'secret' || param === 'merchantIds' ? `'${param}'` : param);
    }
    const ep = await created(key, {});
    expect(refusal(await update(key, ep.id, { enabled: 'yes' }))).toEqual([
      400,
      'invalid_request_error',
      'parameter_invalid',
      'enabled',
    ]);
    const badId = await api<ApiErrorBody>(t, key, 'GET', `${HOOKS}/twelve`);
    expect(refusal(badId)).toEqual([400, 'invalid_request_error', 'parameter_invalid', 'id']);
    const zh = await api<ApiErrorBody>(t, key, 'POST', HOOKS, {
      body: { url: NOWHERE, eventTypes: [] },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect([zh.body.error.param, zh.body.error.message]).toEqual(['eventTypes', 'body.eventTypes: 至少 1 项']);
    expect(await endpointCount()).toBe(before + 1);
  });

  it('an organisation has at most 20 endpoints, through the API as on the portal', async () => {
    const owner = await newStranger(t);
    const { secret } = await createKey(owner, { scopes: ['webhooks:manage'] });
    for (let i = 0; i < 20; i++) await created(secret, { description: `hook ${i}` });
    const over = await create(secret, { url: NOWHERE, eventTypes: ['order.paid'] });
    expect(refusal(over)).toEqual([400, 'invalid_request_error', 'state_conflict', null]);
    expect(over.body.error.message).toContain('at most 20');
    expect(await listed(secret)).toHaveLength(20);
  });

  it('outside the sandbox, private and loopback addresses are refused (SSRF), on create and on update', async () => {
    const live = await createTestApp({ seed: false, config: { sandbox: false } });
    try {
      const { secret } = await createKey(await newStranger(live), { scopes: ['webhooks:manage'] });
      expect(secret).toMatch(/^mk_live_/);
      for (const url of ['http://127.0.0.1:8080/hooks', 'http://169.254.169.254/latest', 'http://[::1]/x']) {
        const res = await api<ApiErrorBody>(live, secret, 'POST', HOOKS, { body: { url, eventTypes: ['order.paid'] } });
        expect([url, ...refusal(res)]).toEqual([url, 400, 'invalid_request_error', 'parameter_invalid', 'url']);
        expect(res.body.error.message).toContain('private or loopback');
      }
      const ok = await api<V1WebhookEndpointWithSecret>(live, secret, 'POST', HOOKS, {
        body: { url: 'https://93.184.215.14/hooks', eventTypes: ['order.paid'] },
      });
      expect(ok.http).toBe(201);
      const moved = await api<ApiErrorBody>(live, secret, 'POST', `${HOOKS}/${ok.body.id}`, {
        body: { url: 'http://10.0.0.5/hooks' },
      });
      expect(refusal(moved)).toEqual([400, 'invalid_request_error', 'parameter_invalid', 'url']);
    } finally {
      await live.close();
    }
  });

  it('its own OpenAPI document lists the calls with their scope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { 'x-scope': string; operationId: string }>>;
    };
    const ops = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/webhook_endpoints'))
      .flatMap(([path, byMethod]) => Object.entries(byMethod).map(([m, op]) => [m, path, op['x-scope']]));
    expect(ops.sort()).toEqual(
      [
        ['get', '/webhook_endpoints', 'webhooks:manage'],
        ['post', '/webhook_endpoints', 'webhooks:manage'],
        ['get', '/webhook_endpoints/{id}', 'webhooks:manage'],
        ['post', '/webhook_endpoints/{id}', 'webhooks:manage'],
        ['post', '/webhook_endpoints/{id}/rotate_secret', 'webhooks:manage'],
      ].sort(),
    );
  });
});
