import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX, type Role } from '@mchweb/contract';
import { api, createKey } from './developer-fixtures.ts';
import { createTestApp, type Reply, type TestApp, type TestClient } from './harness.ts';
import { signedInOperator } from './ops-fixtures.ts';
import { A, demoOwner, M } from './scope-fixtures.ts';

/*
 * Every id a caller sends is checked by the contract against what the database's column holds (32 bits for an
 * `integer` id, 2^53 - 1 for a `bigint` one), so that a larger one is refused beside its field, in the caller's
 * language, on PGlite and PostgreSQL alike: PostgreSQL would refuse it itself ("a number is out of range", naming
 * no field) and PGlite answer "not found". The largest id that fits still passes the contract.
 */
const OVER = ID_MAX + 1;
const NOWHERE = 'http://127.0.0.1:9/hooks';
const HOOK = { url: NOWHERE, eventTypes: ['order.paid'] };
const OPS = '/api/ops';

/** A field holding an id, and a call to its route with `id` in it (every other field valid). */
interface IdField {
  path: string;
  field: string;
  send: (id: number) => Record<string, unknown>;
  get?: true;
}

let cashierRoleId: number;
/** The portal's calls, by the demo owner (who may make every one of them). */
const portal: IdField[] = [
  { path: `${M}/staff/invite`, field: 'body.roleId', send: (id) => ({ mobile: '13655559901', roleId: id }) },
  {
    path: `${M}/staff/invite`,
    field: 'body.merchantIds.0',
    send: (id) => ({ mobile: '13655559901', roleId: cashierRoleId, merchantIds: [id] }),
  },
  { path: `${M}/staff/setRole`, field: 'body.memberId', send: (id) => ({ memberId: id, roleId: cashierRoleId }) },
  { path: `${M}/staff/setRole`, field: 'body.roleId', send: (id) => ({ memberId: ID_MAX, roleId: id }) },
  { path: `${M}/staff/setStatus`, field: 'body.memberId', send: (id) => ({ memberId: id, status: 'DISABLED' }) },
  { path: `${M}/staff/setMerchants`, field: 'body.memberId', send: (id) => ({ memberId: id, merchantIds: null }) },
  {
    path: `${M}/staff/setMerchants`,
    field: 'body.merchantIds.0',
    send: (id) => ({ memberId: ID_MAX, merchantIds: [id] }),
  },
  { path: `${M}/staff/remove`, field: 'body.memberId', send: (id) => ({ memberId: id }) },
  { path: `${M}/staff/invitation/accept`, field: 'body.invitationId', send: (id) => ({ invitationId: id }) },
  { path: `${M}/staff/invitation/decline`, field: 'body.invitationId', send: (id) => ({ invitationId: id }) },
  { path: `${M}/role/save`, field: 'body.roleId', send: (id) => ({ roleId: id, name: 'Id limits', permissions: [] }) },
  { path: `${M}/role/delete`, field: 'body.roleId', send: (id) => ({ roleId: id }) },
  { path: '/api/websession/changeCompany', field: 'body.companyId', send: (id) => ({ companyId: id }) },
  { path: `${M}/feeManager/breakBind`, field: 'querystring.companyId', send: (id) => ({ companyId: id }), get: true },
  { path: `${M}/transfer/account/remove`, field: 'body.accountId', send: (id) => ({ accountId: id }) },
  {
    path: `${M}/transfer/create`,
    field: 'body.accountId',
    send: (id) => ({ mchNo: A, accountId: id, amountFen: 100, idempotencyKey: 'id-limits-0001' }),
  },
  {
    path: `${M}/developer/key/create`,
    field: 'body.merchantIds.0',
    send: (id) => ({ name: 'Id limits', scopes: ['orders:read'], merchantIds: [id] }),
  },
  {
    path: `${M}/developer/webhook/endpoints/create`,
    field: 'body.merchantIds.0',
    send: (id) => ({ ...HOOK, merchantIds: [id] }),
  },
  {
    path: `${M}/developer/webhook/endpoints/update`,
    field: 'body.id',
    send: (id) => ({ ...HOOK, id, enabled: true }),
  },
  {
    path: `${M}/developer/webhook/endpoints/update`,
    field: 'body.merchantIds.0',
    send: (id) => ({ ...HOOK, id: ID_MAX, enabled: true, merchantIds: [id] }),
  },
  { path: `${M}/developer/webhook/endpoints/secret`, field: 'body.id', send: (id) => ({ id }) },
  { path: `${M}/developer/webhook/endpoints/rotate`, field: 'body.id', send: (id) => ({ id }) },
  { path: `${M}/developer/webhook/endpoints/test`, field: 'body.id', send: (id) => ({ id, type: 'order.paid' }) },
  {
    path: `${M}/developer/webhook/deliveries`,
    field: 'querystring.endpointId',
    send: (id) => ({ endpointId: id }),
    get: true,
  },
];

/** The operator console's calls, by an operator who may make every one of them (ADMIN). */
const opsConsole: IdField[] = [
  { path: `${OPS}/operator/update`, field: 'body.operatorId', send: (id) => ({ operatorId: id, name: 'Id limits' }) },
  ...['disable', 'enable', 'reset-totp'].map((action) => ({
    path: `${OPS}/operator/${action}`,
    field: 'body.operatorId',
    send: (id: number) => ({ operatorId: id }),
  })),
  { path: `${OPS}/audit/list`, field: 'body.operatorId', send: (id) => ({ operatorId: id }) },
  { path: `${OPS}/merchant/list`, field: 'body.companyId', send: (id) => ({ companyId: id }) },
  { path: `${OPS}/company/detail`, field: 'querystring.companyId', send: (id) => ({ companyId: id }), get: true },
  ...['freeze', 'unfreeze', 'close'].map((action) => ({
    path: `${OPS}/company/${action}`,
    field: 'body.companyId',
    send: (id: number) => ({ companyId: id, reason: 'Id limits' }),
  })),
];

let t: TestApp;
let owner: TestClient;
let operator: TestClient;
let key: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await demoOwner(t)).owner;
  cashierRoleId = (await owner.get<Role[]>(`${M}/role/list`)).body.data.find((r) => r.code === 'CASHIER')!.roleId;
  operator = (await signedInOperator(t, ['ADMIN'])).client;
  key = (await createKey(owner, { scopes: ['webhooks:manage'] })).secret;
}, 300_000);
afterAll(() => t.close());

const call = (client: TestClient, f: IdField, id: number): Promise<Reply<unknown>> =>
  f.get ? client.get(f.path, f.send(id) as Record<string, number>) : client.post(f.path, f.send(id));
/** What a call answered, to compare at once: where, HTTP status, envelope code and message. */
const answer = async (client: TestClient, f: IdField, id: number) => {
  const res = await call(client, f, id);
  return [`${f.path} ${f.field}`, res.http, res.body.code, res.body.msg];
};
/** The contract let the whole call through: whatever the service answered, it is not a refusal of a field. */
const passedContract = (msg: string) => !/^(body|querystring|params)\./.test(msg);

describe('ids beyond what the database holds', () => {
  for (const [who, fields, client] of [
    ['the portal', portal, () => owner],
    ['the operator console', opsConsole, () => operator],
  ] as const) {
    it(`${who}: an id of 2147483648 is refused by the contract, naming its field`, async () => {
      for (const f of fields) {
        expect(await answer(client(), f, OVER)).toEqual([
          `${f.path} ${f.field}`,
          200,
          400,
          `${f.field}: Too big: expected number to be <=${ID_MAX}`,
        ]);
      }
    });

    it(`${who}: the largest id, 2147483647, passes the contract (not found, or a business refusal)`, async () => {
      for (const f of fields) {
        const [, http, code, msg] = await answer(client(), f, ID_MAX);
        expect([`${f.path} ${f.field}`, http, passedContract(msg as string)], String(msg)).toEqual([
          `${f.path} ${f.field}`,
          200,
          true,
        ]);
        expect(code, `${f.path} ${f.field}: ${String(msg)}`).not.toBe(500);
      }
    });
  }

  it('the refusal is in Chinese for a Chinese caller, on the portal and the console', async () => {
    const memberId = portal.find((f) => f.path.endsWith('/staff/remove'))!;
    expect((await call(t.client(owner.token, 'zh-CN'), memberId, OVER)).body).toMatchObject({
      code: 400,
      msg: `body.memberId: 不能大于 ${ID_MAX}`,
    });
    const companyId = opsConsole.find((f) => f.get)!;
    expect((await call(t.client(operator.token, 'zh-CN'), companyId, OVER)).body).toMatchObject({
      code: 400,
      msg: `querystring.companyId: 不能大于 ${ID_MAX}`,
    });
  });

  it('a list cursor naming an id beyond 32 bits is refused as a cursor, not by the database', async () => {
    for (const path of [`${OPS}/onboarding/queue`, `${OPS}/split/queue`, `${OPS}/payout/list`]) {
      const over = await operator.post(path, { cursor: `1_${OVER}` });
      expect([path, over.body.code, over.body.msg]).toEqual([
        path,
        400,
        'body.cursor: is not a cursor this list gave out',
      ]);
      const max = await operator.post(path, { cursor: `1_${ID_MAX}` });
      expect([path, max.body.code]).toEqual([path, 200]);
    }
  });

  it('lists of bigint tables (orders, the bill, the console audit) page past 32 bits, up to 2^53 - 1', async () => {
    const lists: [TestClient, string, object][] = [
      [owner, `${M}/order/list`, {}],
      [owner, `${M}/bill/rows`, { mchNo: A, date: '2026-01-01' }],
      [operator, `${OPS}/audit/list`, {}],
    ];
    for (const [client, path, body] of lists) {
      for (const cursor of [String(OVER), String(2 ** 53 - 1)]) {
        // Answered as a page (the rows before that id, or none when the list holds no such row).
        const page = await client.post<{ rows: unknown[] }>(path, { ...body, cursor });
        expect([path, cursor, page.body.code, Array.isArray(page.body.data?.rows)]).toEqual([path, cursor, 200, true]);
      }
      const beyond = await client.post(path, { ...body, cursor: String(2 ** 53) });
      expect([path, beyond.body.code, beyond.body.msg]).toEqual([path, 400, expect.stringMatching(/cursor/)]);
    }
  });

  it('webhook deliveries are a bigint table: their ids pass beyond 32 bits, up to 2^53 - 1', async () => {
    const deliveries = `${M}/developer/webhook/deliveries`;
    const beyond = await owner.get(deliveries, { endpointId: ID_MAX, before: 2 ** 53 });
    expect([beyond.body.code, beyond.body.msg]).toEqual([400, expect.stringMatching(/^querystring\.before: /)]);
    const resend = await owner.post(`${deliveries}/resend`, { deliveryId: 2 ** 53 });
    expect([resend.body.code, resend.body.msg]).toEqual([400, expect.stringMatching(/^body\.deliveryId: /)]);
    for (const res of [
      await owner.get(deliveries, { endpointId: ID_MAX, before: OVER }),
      await owner.post(`${deliveries}/resend`, { deliveryId: OVER }),
      await owner.post(`${deliveries}/resend`, { deliveryId: 2 ** 53 - 1 }),
    ]) {
      expect([res.body.code, passedContract(res.body.msg)], res.body.msg).toEqual([404, true]);
    }
  });

  it("the merchant API: an endpoint's id beyond 32 bits in the path is refused as param id, in either language", async () => {
    const paths: ['GET' | 'POST', string][] = [
      ['GET', ''],
      ['POST', ''],
      ['POST', '/rotate_secret'],
    ];
    for (const [method, tail] of paths) {
      const url = (id: number) => `/api/v1/webhook_endpoints/${id}${tail}`;
      const body = method === 'POST' && !tail ? { enabled: true } : undefined;
      const over = await api<{ error: { code: string; param: string; message: string } }>(t, key, method, url(OVER), {
        body,
      });
      expect([url(OVER), over.http, over.body.error.param, over.body.error.message]).toEqual([
        url(OVER),
        400,
        'id',
        `params.id: Too big: expected number to be <=${ID_MAX}`,
      ]);
      const max = await api<{ error: { code: string } }>(t, key, method, url(ID_MAX), { body });
      expect([url(ID_MAX), max.http, max.body.error.code]).toEqual([url(ID_MAX), 404, 'resource_missing']);
    }
    const zh = await api<{ error: { message: string } }>(t, key, 'GET', `/api/v1/webhook_endpoints/${OVER}`, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.error.message).toBe(`params.id: 不能大于 ${ID_MAX}`);
  });
});
