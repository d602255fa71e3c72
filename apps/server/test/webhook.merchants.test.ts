import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, WebhookDelivery, WebhookEndpoint } from '@mchweb/contract';
import { createTestApp, type Reply, type TestApp, type TestClient } from './harness.ts';
import { codeFor, paid } from './payment-fixtures.ts';
import {
  A,
  B,
  customRole,
  demoOwner,
  M,
  MANAGER_PERMISSIONS,
  newMember,
  stranger as newStranger,
} from './scope-fixtures.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

/*
 * A webhook endpoint limited to some merchants of the organisation: it receives their events only, and a member
 * limited to some merchants adds, sees and changes only endpoints limited to some of theirs (an endpoint's
 * deliveries hold the events of the merchants it covers).
 */
const API = `${M}/developer/webhook`;
let t: TestApp;
let owner: TestClient;
let manager: TestClient;
let stranger: TestClient;
let receiver: Receiver;
let idOf: (mchNo: string) => number;
let codeA: string;
let codeB: string;

beforeAll(async () => {
  t = await createTestApp();
  const demo = await demoOwner(t);
  owner = demo.owner;
  idOf = demo.idOf;
  const role = await customRole(owner, 'Shop developer', MANAGER_PERMISSIONS);
  manager = (await newMember(t, owner, demo.companyId, role, [idOf(A)])).client;
  stranger = await newStranger(t);
  receiver = await startReceiver();
  codeA = await codeFor(t.app.db, A);
  codeB = await codeFor(t.app.db, B);
}, 300_000);
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const create = (client: TestClient, merchantIds?: number[] | null, eventTypes = ['order.paid']) =>
  client.post<WebhookEndpoint>(`${API}/endpoints/create`, {
    url: receiver.url,
    eventTypes,
    ...(merchantIds === undefined ? {} : { merchantIds }),
  });
const created = async (client: TestClient, merchantIds?: number[] | null) => {
  const res = await create(client, merchantIds);
  expect(res.body.code, res.body.msg).toBe(200);
  const secret = await client.post<{ secret: string }>(`${API}/endpoints/secret`, { id: res.body.data.id });
  return { ...res.body.data, secret: secret.body.data.secret };
};
const update = (client: TestClient, ep: WebhookEndpoint, change: Record<string, unknown>) =>
  client.post<WebhookEndpoint>(`${API}/endpoints/update`, {
    id: ep.id,
    url: ep.url,
    description: ep.description,
    eventTypes: ep.eventTypes,
    enabled: ep.enabled,
    ...change,
  });
const deliveries = async (client: TestClient, endpointId: number) =>
  client.get<{ list: WebhookDelivery[] }>(`${API}/deliveries`, { endpointId });
/** What a refusal tells its caller, without what differs per call. */
const refusal = (r: Reply<unknown>) => ({ http: r.http, code: r.body.code, msg: r.body.msg, data: r.body.data });

describe('webhook endpoints limited to some merchants', () => {
  it("an endpoint limited to merchant A gets A's payments only; one for every merchant gets both", async () => {
    const onlyA = await created(owner, [idOf(A)]);
    const every = await created(owner);
    expect(onlyA).toMatchObject({ merchantIds: [idOf(A)], merchants: [{ mchId: idOf(A), mchNo: A }] });
    expect(every).toMatchObject({ merchantIds: null, merchants: [] });
    receiver.secrets = [onlyA.secret, every.secret];

    const payer = t.client();
    const [paidA, paidB] = [await paid(payer, codeA, 1200), await paid(payer, codeB, 3400)];
    await receiver.until(
      (r) => r.filter((x) => [paidA, paidB].includes(x.payload.data.orderNo as string)).length === 3,
    );
    const orderNosOf = async (ep: WebhookEndpoint) => {
      await expect
        .poll(async () => (await deliveries(owner, ep.id)).body.data.list.every((d) => d.status === 'SUCCEEDED'))
        .toBe(true);
      return (await deliveries(owner, ep.id)).body.data.list.map(
        (d) => (JSON.parse(d.tries[0]!.requestBody) as { data: { orderNo: string } }).data.orderNo,
      );
    };
    expect(await orderNosOf(onlyA)).toEqual([paidA]);
    expect((await orderNosOf(every)).sort()).toEqual([paidA, paidB].sort());
    // Each delivery was verified by its own endpoint's secret only.
    const ofB = receiver.received.filter((x) => x.payload.data.orderNo === paidB);
    expect(ofB.map((x) => x.verifiedBy)).toEqual([[false, true]]);
    for (const ep of [onlyA, every]) expect((await update(owner, ep, { enabled: false })).body.code).toBe(200);
  });

  it("its merchants are checked beside the field: unknown, another organisation's, none and twice are refused", async () => {
    const unknown = await create(owner, [999_999]);
    expect([unknown.body.code, unknown.body.msg]).toEqual([
      400,
      'merchantIds: must be merchants of this organisation; not: 999999',
    ]);
    // The stranger's own organisation has no merchant yet: one of the demo's is "no such merchant" to it.
    const notTheirs = await create(stranger, [idOf(A)]);
    expect([notTheirs.body.code, notTheirs.body.msg]).toEqual([
      400,
      `merchantIds: must be merchants of this organisation; not: ${idOf(A)}`,
    ]);
    const none = await create(owner, []);
    expect([none.body.code, none.body.msg]).toEqual([400, expect.stringContaining('merchantIds')]);
    const twice = await create(owner, [idOf(A), idOf(A)]);
    expect([twice.body.code, twice.body.msg]).toEqual([400, expect.stringContaining('merchantIds')]);
  });

  it('an id beyond what the database holds is refused beside its field, on either database', async () => {
    for (const path of ['endpoints/secret', 'endpoints/rotate']) {
      const res = await owner.post(`${API}/${path}`, { id: 2 ** 40 });
      expect([res.http, res.body.code, res.body.msg], path).toEqual([200, 400, expect.stringMatching(/^body\.id: /)]);
    }
    // Deliveries are a bigint table: their ids stop at what a JavaScript number holds exactly (2^53 - 1).
    const resend = await owner.post(`${API}/deliveries/resend`, { deliveryId: 2 ** 53 });
    expect([resend.http, resend.body.code, resend.body.msg]).toEqual([
      200,
      400,
      expect.stringMatching(/^body\.deliveryId: /),
    ]);
  });

  it('a member limited to A adds, sees and changes only endpoints limited to A; the others are not found', async () => {
    const ownerEvery = await created(owner);
    const ownerB = await created(owner, [idOf(B)]);
    const ownerA = await created(owner, [idOf(A)]);

    expect((await create(manager, null)).body).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^merchantIds: /),
    });
    expect((await create(manager, [idOf(B)])).body.msg).toBe(
      `merchantIds: must be merchants of this organisation; not: ${idOf(B)}`,
    );
    const mine = await created(manager, [idOf(A)]);

    const listed = (await manager.get<WebhookEndpoint[]>(`${API}/endpoints`)).body.data.map((e) => e.id);
    expect(listed).toContain(ownerA.id);
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(ownerEvery.id);
    expect(listed).not.toContain(ownerB.id);
    const ownerList = (await owner.get<WebhookEndpoint[]>(`${API}/endpoints`)).body.data.map((e) => e.id);
    expect(ownerList).toEqual(expect.arrayContaining([ownerEvery.id, ownerB.id, ownerA.id, mine.id]));

    // Every call on an endpoint it does not see answers as another organisation's endpoint does.
    for (const hidden of [ownerEvery, ownerB]) {
      const calls: [string, object][] = [
        ['endpoints/secret', { id: hidden.id }],
        ['endpoints/rotate', { id: hidden.id }],
        ['endpoints/test', { id: hidden.id, type: 'order.paid' }],
      ];
      for (const [path, body] of calls) {
        const asManager = await manager.post(`${API}/${path}`, body);
        const asStranger = await stranger.post(`${API}/${path}`, body);
        expect(refusal(asManager), path).toEqual(refusal(asStranger));
        expect(asManager.body.code).toBe(404);
        expect(JSON.stringify(asManager.body)).not.toContain(hidden.secret);
      }
      expect(refusal(await update(manager, hidden, { enabled: false }))).toEqual(
        refusal(await update(stranger, hidden, { enabled: false })),
      );
      expect(refusal(await deliveries(manager, hidden.id))).toEqual(refusal(await deliveries(stranger, hidden.id)));
    }
    // A delivery of an endpoint it does not see cannot be resent either.
    const test = await owner.post(`${API}/endpoints/test`, { id: ownerEvery.id, type: 'order.paid' });
    expect(test.body.code).toBe(200);
    await expect.poll(async () => (await deliveries(owner, ownerEvery.id)).body.data.list.length).toBe(1);
    const [d] = (await deliveries(owner, ownerEvery.id)).body.data.list;
    const resend = await manager.post(`${API}/deliveries/resend`, { deliveryId: d!.id });
    expect(refusal(resend)).toEqual(refusal(await stranger.post(`${API}/deliveries/resend`, { deliveryId: d!.id })));

    // Its own: widening it to B or to every merchant is refused, and leaves it as it was.
    expect((await update(manager, mine, { merchantIds: [idOf(A), idOf(B)] })).body.code).toBe(400);
    expect((await update(manager, mine, { merchantIds: null })).body.code).toBe(400);
    const renamed = await update(manager, mine, { description: 'till' });
    expect(renamed.body.data).toMatchObject({ description: 'till', merchantIds: [idOf(A)] });
    for (const ep of [ownerEvery, ownerB, ownerA, mine]) await update(owner, ep, { enabled: false });
  });

  it('the owner changes the merchants; left out, they stay; the audit log keeps them before and after', async () => {
    const since = (await owner.get<AuditPage>(`${M}/audit/list`, { limit: 1 })).body.data.items[0]!.id;
    const ep = await created(owner, [idOf(A)]);
    const widened = await update(owner, ep, { merchantIds: [idOf(B), idOf(A)] });
    expect(widened.body.data.merchantIds).toEqual([idOf(A), idOf(B)].sort((x, y) => x - y));
    const kept = await update(owner, widened.body.data, { enabled: false });
    expect(kept.body.data).toMatchObject({ enabled: false, merchantIds: widened.body.data.merchantIds });
    const everyone = await update(owner, kept.body.data, { merchantIds: null });
    expect(everyone.body.data).toMatchObject({ merchantIds: null, merchants: [] });

    const entries = (await owner.get<AuditPage>(`${M}/audit/list`, { limit: 20 })).body.data.items
      .filter((e) => e.id > since && e.action !== 'webhook.revealSecret')
      .reverse();
    expect(entries.map((e) => e.action)).toEqual([
      'webhook.create',
      'webhook.update',
      'webhook.update',
      'webhook.update',
    ]);
    expect(entries[0]!.detail).toMatchObject({ merchantIds: [idOf(A)] });
    expect(entries[1]!.detail).toMatchObject({
      before: { merchantIds: [idOf(A)] },
      after: { merchantIds: widened.body.data.merchantIds },
    });
    expect(entries[3]!.detail).toMatchObject({ after: { merchantIds: null } });
  });
});
