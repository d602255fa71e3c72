import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, OrderDetail, WebhookDelivery, WebhookEndpoint } from '@mchweb/contract';
import { WEBHOOK_RETRY_SCHEDULE_MS } from '../src/config.ts';
import { DELIVER_QUEUE } from '../src/modules/webhook/webhook-delivery.ts';
import { DEMO_WEBHOOK_URL } from '../src/sandbox/demo-developer.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { paid } from './payment-fixtures.ts';

/**
 * The demo's /developer page (issue 30): the keys, the endpoint and its deliveries a visitor sees, made by the
 * portal's own services at the demo's times, and a demo server that then sends nothing anywhere.
 */
const M = '/api/merchant';
const API = `${M}/developer/webhook`;
let t: TestApp;
let owner: TestClient;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
/** What is left to do for webhooks: events not dispatched, deliveries not finished, jobs of the delivery queue. */
const waiting = async () =>
  (
    await rows<{ events: number; deliveries: number; jobs: number }>(sql`select
      (select count(*) from webhook_events where dispatched_at is null)::int as events,
      (select count(*) from webhook_deliveries where status = 'PENDING' or next_attempt_at is not null)::int as deliveries,
      (select count(*) from pgboss.job where name = ${DELIVER_QUEUE})::int as jobs`)
  )[0]!;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('13800138000');
}, 300_000);
afterAll(async () => t.close());

describe('the demo’s /developer page', () => {
  it('lists the shop POS key in use and an older key revoked, stored as hashes only', async () => {
    const keys = (await owner.get<ApiKey[]>(`${M}/developer/key/list`)).body.data;
    expect(keys.map((k) => [k.name, k.status, k.scopes])).toEqual([
      ['门店收银系统 Shop POS', 'ACTIVE', ['orders:read', 'orders:write', 'refunds:write']],
      ['财务对账脚本 Accounting export', 'REVOKED', ['orders:read', 'settlements:read']],
    ]);
    const now = Date.now();
    for (const k of keys) {
      expect(k.prefix).toMatch(/^mk_test_[0-9A-Za-z]{12}$/);
      expect(k.createdBy).toBeTruthy();
      expect(Date.parse(k.createdAt)).toBeLessThan(Date.parse(k.lastUsedAt!));
      expect(Date.parse(k.lastUsedAt!)).toBeLessThan(now);
    }
    const [pos, old] = keys;
    expect(now - Date.parse(pos!.lastUsedAt!)).toBeLessThan(10 * 60_000);
    expect(Date.parse(old!.lastUsedAt!)).toBeLessThan(Date.parse(old!.revokedAt!));
    // At rest: the SHA-256 of each key (base64url), and no key's value anywhere in its row.
    const stored = await rows<{ hash: string; row: string }>(
      sql`select secret_hash as hash, row_to_json(k)::text as row from api_keys k order by id`,
    );
    expect(stored).toHaveLength(2);
    for (const s of stored) {
      expect(s.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(s.row).not.toMatch(/mk_(test|live)_/);
    }
  });

  it('shows an endpoint its owner turned off, with a test event and the last payments delivered, signed with its secret', async () => {
    const [endpoint, ...others] = (await owner.get<WebhookEndpoint[]>(`${API}/endpoints`)).body.data;
    expect(others).toEqual([]);
    expect(endpoint).toMatchObject({
      url: DEMO_WEBHOOK_URL,
      enabled: false,
      disabledReason: null,
      eventTypes: ['order.paid', 'refund.succeeded'],
    });
    const { secret } = (await owner.post<{ secret: string }>(`${API}/endpoints/secret`, { id: endpoint!.id })).body
      .data;
    const list = (await owner.get<{ list: WebhookDelivery[] }>(`${API}/deliveries`, { endpointId: endpoint!.id })).body
      .data.list;
    expect(list).toHaveLength(6);
    // Newest first; the oldest is the test event sent just after the endpoint was made.
    const oldest = list.at(-1)!;
    expect(JSON.parse(oldest.tries[0]!.requestBody)).toMatchObject({ type: 'order.paid', data: { test: true } });
    expect(Date.parse(oldest.createdAt)).toBeGreaterThan(Date.parse(endpoint!.createdAt));
    const now = Date.now();
    for (const d of list) {
      expect(d).toMatchObject({ status: 'SUCCEEDED', nextAttemptAt: null, attempts: d.tries.length });
      expect(d.tries.at(-1)!.responseStatus).toBe(200);
      expect(Date.parse(d.finishedAt!)).toBeLessThan(now);
      for (const [i, tr] of d.tries.entries()) {
        expect(tr.attemptNo).toBe(i + 1);
        // The signature is the one the published library makes with the endpoint's secret at the try's time.
        const at = new Date(Number(tr.requestHeaders['webhook-timestamp']) * 1000);
        expect(at.getTime()).toBe(Math.floor(Date.parse(tr.startedAt) / 1000) * 1000);
        expect(tr.requestHeaders['webhook-id']).toBe(d.msgId);
        expect(tr.requestHeaders['webhook-signature']).toBe(new Webhook(secret).sign(d.msgId, at, tr.requestBody));
        if (i > 0) {
          const before = d.tries[i - 1]!;
          expect(Date.parse(tr.startedAt)).toBe(
            Date.parse(before.startedAt) + before.durationMs + WEBHOOK_RETRY_SCHEDULE_MS[i - 1]!,
          );
        }
      }
    }
    // Some at once, one after a 500 and one after a timeout (the demo's orders are evenly spread: both fit).
    expect(list.map((d) => d.tries.map((tr) => tr.responseStatus ?? tr.error)).reverse()).toEqual([
      [200],
      [200],
      [500, 200],
      [200],
      ['no answer within 15000 ms', 200],
      [200],
    ]);
    // The payments told of are the demo's own orders, as they were when paid.
    for (const d of list.slice(0, -1)) {
      const body = JSON.parse(d.tries[0]!.requestBody) as {
        type: string;
        timestamp: string;
        data: { orderNo: string; amountFen: number; paidAt?: string };
      };
      expect(d.eventType).toBe(body.type);
      const detail = await owner.get<OrderDetail>(`${M}/order/detail`, { orderNo: body.data.orderNo });
      expect(detail.body.code).toBe(200);
      if (body.type === 'order.paid') {
        expect(body.data).toMatchObject({ status: 'SUCCESS', amountFen: detail.body.data.amountFen });
        expect(body.timestamp).toBe(body.data.paidAt);
      }
    }
  });

  it(
    'keeps nothing waiting to be sent, and a new payment of the demo is sent nowhere',
    { timeout: 30_000 },
    async () => {
      expect(await waiting()).toEqual({ events: 0, deliveries: 0, jobs: 0 });
      const events = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from webhook_events`))[0]!.n;
      const before = await events();
      await paid(t.client(), '880000000001', 2500);
      // Two of the dispatcher's periods: nothing was written for the endpoint that is off, so nothing to dispatch.
      await new Promise((r) => setTimeout(r, 500));
      expect(await events()).toBe(before);
      expect(await waiting()).toEqual({ events: 0, deliveries: 0, jobs: 0 });
    },
  );
});
