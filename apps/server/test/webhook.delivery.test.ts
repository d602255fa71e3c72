import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, WebhookDelivery, WebhookEndpoint } from '@mchweb/contract';
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { aliyunSms } from '../src/sms/index.ts';
import { SMS_TEMPLATE_SETTINGS } from '../src/config-env.ts';
import { urlProblem } from '../src/modules/webhook/webhook-address.ts';
import { post } from '../src/modules/webhook/webhook-http.ts';
import { attemptDeliveries } from '../src/modules/webhook/webhook-delivery.ts';
import type { Queue } from '../src/queue.ts';
import type { SmsSender } from '../src/sms-sender.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { paid } from './payment-fixtures.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';
import { startAliyunSmsGateway } from './fakes/aliyun-sms-gateway.ts';
import type { SmsGateway } from './fakes/sms-gateway.ts';

/**
 * Webhooks end to end on one app (PGlite, or PostgreSQL with DATABASE_URL): a payment's event reaches a real
 * local receiver, which verifies every request with the `standardwebhooks` package; retries follow the schedule
 * (a short one here), then the endpoint is turned off and the organisation's contact mobile told by SMS, through
 * Alibaba Cloud's SDK to the local gateway (real signatures), with the webhook-disabled scene's template.
 */
const RETRIES_MS = [300, 600];
const API = '/api/merchant/developer/webhook';
let t: TestApp;
let owner: TestClient;
let receiver: Receiver;
let sms: SmsGateway;
const SIGN = '晨光支付';
/** One template id per scene, as SMS_TEMPLATE_* would set them. */
const TEMPLATES = Object.fromEntries(
  Object.keys(SMS_TEMPLATE_SETTINGS).map((scene, i) => [scene, `SMS_90000000${i + 1}`]),
) as Record<keyof typeof SMS_TEMPLATE_SETTINGS, string>;

async function createEndpoint(url: string, eventTypes: string[] = ['order.paid']) {
  const res = await owner.post<WebhookEndpoint>(`${API}/endpoints/create`, { url, eventTypes, description: 'shop' });
  expect(res.body.code, res.body.msg).toBe(200);
  const secret = await owner.post<{ secret: string }>(`${API}/endpoints/secret`, { id: res.body.data.id });
  return { ...res.body.data, secret: secret.body.data.secret };
}
const deliveries = async (endpointId: number) =>
  (await owner.get<{ list: WebhookDelivery[] }>(`${API}/deliveries`, { endpointId })).body.data.list;
const setEnabled = async (ep: WebhookEndpoint, enabled: boolean) =>
  owner.post(`${API}/endpoints/update`, {
    ...ep,
    enabled,
    merchants: undefined,
    disabledReason: undefined,
    previousSecretUntil: undefined,
    createdAt: undefined,
    secret: undefined,
  });

beforeAll(async () => {
  const keys = { accessKeyId: 'LTAI5tWebhookTest', accessKeySecret: crypto.randomBytes(20).toString('base64url') };
  sms = await startAliyunSmsGateway({ ...keys, signName: SIGN, templates: Object.values(TEMPLATES) });
  const smsSender = aliyunSms(
    {
      provider: 'aliyun',
      signName: SIGN,
      templates: TEMPLATES,
      timeoutMs: 5000,
      aliyun: { ...keys, endpoint: { protocol: 'http', host: `127.0.0.1:${sms.port}` } },
    },
    pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
  );
  t = await createTestApp({ smsSender, config: { webhookRetryDelaysMs: RETRIES_MS, webhookTimeoutMs: 2000 } });
  owner = await t.signIn('13800138000');
  receiver = await startReceiver();
}, 300_000);
afterAll(async () => {
  await receiver.close();
  await t.close();
  await sms.close();
});

describe('webhooks (issue 30)', () => {
  it(
    'a payment is delivered once to each endpoint that wants it, signed as Standard Webhooks says',
    { timeout: 30_000 },
    async () => {
      const paidHook = await createEndpoint(receiver.url);
      const closedOnly = await createEndpoint(receiver.url, ['order.closed']);
      receiver.secrets = [paidHook.secret, closedOnly.secret];
      expect(paidHook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

      const orderNo = await paid(t.client(), '880000000001', 2500);
      const [got] = await receiver.until((r) => r.some((x) => x.payload.data.orderNo === orderNo));
      const mine = receiver.received.filter((x) => x.payload.data.orderNo === orderNo);
      expect(mine).toHaveLength(1);
      expect(got!.id).toMatch(/^msg_[a-z2-7]{26}$/);
      // Verified with the paid-hook's secret, not with the other endpoint's.
      expect(mine[0]!.verifiedBy).toEqual([true, false]);
      expect(mine[0]!.payload).toMatchObject({
        type: 'order.paid',
        data: { object: 'order', orderNo, status: 'SUCCESS', amountFen: 2500, mchNo: expect.any(String) },
      });

      await expect.poll(async () => (await deliveries(paidHook.id))[0]?.status).toBe('SUCCEEDED');
      const [d] = await deliveries(paidHook.id);
      expect(d).toMatchObject({ msgId: mine[0]!.id, eventType: 'order.paid', attempts: 1 });
      expect(d!.tries).toHaveLength(1);
      expect(d!.tries[0]).toMatchObject({ attemptNo: 1, responseStatus: 200, responseBody: 'ok', error: null });
      expect(d!.tries[0]!.requestHeaders['webhook-id']).toBe(mine[0]!.id);
      expect(d!.tries[0]!.requestBody).toBe(mine[0]!.body);
      expect(await deliveries(closedOnly.id)).toEqual([]);
      for (const ep of [paidHook, closedOnly]) await setEnabled(ep, false);
    },
  );

  it(
    'payments at once: their deliveries are tried together, each recorded once; a job given again sends nothing',
    { timeout: 30_000 },
    async () => {
      const ep = await createEndpoint(receiver.url);
      receiver.secrets = [ep.secret];
      const client = t.client();
      const orderNos = await Promise.all(Array.from({ length: 6 }, () => paid(client, '880000000001', 2500)));
      await receiver.until((r) => orderNos.every((no) => r.some((x) => x.payload.data.orderNo === no)));
      await expect
        .poll(async () => (await deliveries(ep.id)).filter((d) => d.status === 'SUCCEEDED').length)
        .toBe(orderNos.length);
      const done = await deliveries(ep.id);
      for (const d of done) {
        expect(d).toMatchObject({ attempts: 1 });
        expect(d.tries.map((x) => [x.attemptNo, x.responseStatus])).toEqual([[1, 200]]);
      }
      // pg-boss gives the jobs of a process that died after recording them to another: not sent, not recorded again.
      // A resend in the same fetch is sent and recorded.
      const before = receiver.received.length;
      const deps = {
        db: t.app.db,
        queue: { send: () => Promise.reject(new Error('no retry expected')) } as unknown as Queue,
        smsSender: null as unknown as SmsSender,
        log: t.app.log,
        settings: { retryDelaysMs: RETRIES_MS, timeoutMs: 2000, allowPrivate: true },
      };
      const jobs = [
        ...done.map((d) => ({ deliveryId: d.id, attemptNo: 1 })),
        { deliveryId: done[0]!.id, attemptNo: 0 },
      ];
      expect(await attemptDeliveries(deps, jobs)).toEqual(jobs.map(() => null));
      expect(receiver.received.length).toBe(before + 1);
      const after = await deliveries(ep.id);
      expect(after.map((d) => d.tries.map((x) => x.attemptNo)).sort()).toEqual([[1], [1], [1], [1], [1], [1, 0]]);
      expect(after.every((d) => d.status === 'SUCCEEDED' && d.attempts === 1)).toBe(true);
      await setEnabled(ep, false);
    },
  );

  it('a test event and a resend reach the receiver with the same webhook-id', { timeout: 30_000 }, async () => {
    const ep = await createEndpoint(receiver.url, ['refund.failed']);
    receiver.secrets = [ep.secret];
    const test = await owner.post<{ msgId: string }>(`${API}/endpoints/test`, { id: ep.id, type: 'transfer.failed' });
    expect(test.body.code).toBe(200);
    const msgId = test.body.data.msgId;
    await receiver.until((r) => r.some((x) => x.id === msgId));
    expect(receiver.received.find((x) => x.id === msgId)).toMatchObject({
      verifiedBy: [true],
      payload: { type: 'transfer.failed', data: { object: 'transfer', test: true } },
    });
    await expect.poll(async () => (await deliveries(ep.id))[0]?.status).toBe('SUCCEEDED');
    const [d] = await deliveries(ep.id);
    expect((await owner.post(`${API}/deliveries/resend`, { deliveryId: d!.id })).body.code).toBe(200);
    await receiver.until((r) => r.filter((x) => x.id === msgId).length === 2);
    await expect.poll(async () => (await deliveries(ep.id))[0]?.tries.length).toBe(2);
    const [again] = await deliveries(ep.id);
    expect(again!.tries.map((x) => x.attemptNo)).toEqual([1, 0]);
    await setEnabled(ep, false);
  });

  it('after a rotation both secrets verify every delivery for 24 hours', { timeout: 30_000 }, async () => {
    const ep = await createEndpoint(receiver.url);
    const rotated = await owner.post<{ secret: string }>(`${API}/endpoints/rotate`, { id: ep.id });
    const fresh = rotated.body.data.secret;
    expect(fresh).not.toBe(ep.secret);
    const list = (await owner.get<WebhookEndpoint[]>(`${API}/endpoints`)).body.data;
    const until = Date.parse(list.find((e) => e.id === ep.id)!.previousSecretUntil!);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    receiver.secrets = [ep.secret, fresh];
    const orderNo = await paid(t.client(), '880000000001', 2500);
    await receiver.until((r) => r.some((x) => x.payload.data.orderNo === orderNo));
    const got = receiver.received.find((x) => x.payload.data.orderNo === orderNo)!;
    expect(got.signature.split(' ')).toHaveLength(2);
    expect(got.verifiedBy).toEqual([true, true]);
    await setEnabled(ep, false);
  });

  it(
    'a receiver answering 500 gets the retries on schedule, then the endpoint is turned off and the owner told',
    { timeout: 60_000 },
    async () => {
      const failing = await startReceiver();
      failing.answer = 500;
      const ep = await createEndpoint(failing.url);
      failing.secrets = [ep.secret];
      await t.database.db.execute(sql`update companies set contact_mobile = '13800138099' where id = 1`);
      const orderNo = await paid(t.client(), '880000000001', 2500);
      const tries = 1 + RETRIES_MS.length;
      await failing.until((r) => r.filter((x) => x.payload.data.orderNo === orderNo).length === tries);
      await expect.poll(async () => (await deliveries(ep.id))[0]?.status, { timeout: 10_000 }).toBe('FAILED');
      const [d] = await deliveries(ep.id);
      const got = failing.received.filter((x) => x.payload.data.orderNo === orderNo);
      // The same message each time, signed anew, every one verified.
      expect(new Set(got.map((x) => x.id)).size).toBe(1);
      expect(got.every((x) => x.verifiedBy[0])).toBe(true);
      expect(d!.tries.map((x) => [x.attemptNo, x.responseStatus])).toEqual([
        [1, 500],
        [2, 500],
        [3, 500],
      ]);
      // Each retry was planned at the schedule's pause after the previous try ended, and not sent before it.
      for (let i = 1; i < d!.tries.length; i++) {
        const before = d!.tries[i - 1]!;
        const ended = Date.parse(before.startedAt) + before.durationMs;
        const planned = Date.parse(d!.tries[i]!.scheduledAt) - ended;
        expect(planned).toBe(RETRIES_MS[i - 1]);
        expect(Date.parse(d!.tries[i]!.startedAt)).toBeGreaterThanOrEqual(Date.parse(d!.tries[i]!.scheduledAt));
      }
      const after = (await owner.get<WebhookEndpoint[]>(`${API}/endpoints`)).body.data.find((e) => e.id === ep.id)!;
      expect(after.enabled).toBe(false);
      expect(after.disabledReason).toContain('3 days');
      // The owner's SMS: the webhook-disabled template, its variable the endpoint's host.
      const told = sms.sent.filter((s) => s.mobile === '13800138099');
      expect(told).toEqual([
        {
          mobile: '13800138099',
          signName: SIGN,
          template: TEMPLATES.webhookDisabled,
          params: { host: new URL(failing.url).host },
        },
      ]);
      await failing.close();
    },
  );

  it('every change to an endpoint, a look at its secret, a test event and a resend are in the audit log, never the secret', async () => {
    const since = (await owner.get<AuditPage>('/api/merchant/audit/list', { limit: 1 })).body.data.items[0]!.id;
    const ep = await createEndpoint(receiver.url); // create, then a look at the secret
    await setEnabled(ep, false);
    const rotated = (await owner.post<{ secret: string }>(`${API}/endpoints/rotate`, { id: ep.id })).body.data.secret;
    await setEnabled(ep, true);
    const test = await owner.post<{ msgId: string }>(`${API}/endpoints/test`, { id: ep.id, type: 'order.paid' });
    await expect.poll(async () => (await deliveries(ep.id))[0]?.status).toBe('SUCCEEDED');
    const [d] = await deliveries(ep.id);
    await owner.post(`${API}/deliveries/resend`, { deliveryId: d!.id });
    await setEnabled(ep, false);

    const entries = (await owner.get<AuditPage>('/api/merchant/audit/list', { limit: 50 })).body.data.items
      .filter((e) => e.id > since)
      .reverse();
    expect(entries.map((e) => e.action)).toEqual([
      'webhook.create',
      'webhook.revealSecret',
      'webhook.update',
      'webhook.rotateSecret',
      'webhook.update',
      'webhook.test',
      'webhook.resend',
      'webhook.update',
    ]);
    expect(entries.every((e) => e.targetType === 'webhook' && e.targetId === String(ep.id))).toBe(true);
    expect(entries.every((e) => e.userMobile === '13800138000')).toBe(true);
    expect(entries[0]!.detail).toEqual({ url: receiver.url, eventTypes: ['order.paid'], merchantIds: null });
    expect(entries[2]!.detail).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(entries[5]!.detail).toEqual({ type: 'order.paid', msgId: test.body.data.msgId });
    expect(entries[6]!.detail).toEqual({ deliveryId: d!.id });
    const written = JSON.stringify(entries);
    expect(written).not.toContain(ep.secret);
    expect(written).not.toContain(rotated);
  });

  it('a cashier (no developer:manage) sees no secret', async () => {
    const ep = await createEndpoint(receiver.url);
    const cashier = await t.signIn('13800138003');
    const seen = await cashier.post(`${API}/endpoints/secret`, { id: ep.id });
    expect(seen.body.code).toBe(403);
    expect(JSON.stringify(seen.body)).not.toContain(ep.secret);
  });
});

describe('webhook endpoint addresses outside the sandbox (SSRF)', () => {
  it('refuses loopback, private, link-local and mapped addresses when saved and when connecting', async () => {
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://10.1.2.3/x',
      'http://172.20.0.1/x',
      'http://192.168.1.1/x',
      'http://[::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[fd00::1]/x',
      'http://169.254.169.254/latest',
      'http://100.64.0.1/x',
      'http://localhost/x',
    ]) {
      expect([url, await urlProblem(url, false)]).toEqual([url, 'private']);
      expect([url, await urlProblem(url, true)]).toEqual([url, null]);
    }
    expect(await urlProblem('http://93.184.215.14/x', false)).toBeNull();
    // At connection time too (a name that resolves to loopback after it was saved): no request leaves.
    const before = receiver.received.length;
    const answer = await post(receiver.url.replace('127.0.0.1', 'localhost'), {}, '{}', {
      timeoutMs: 2000,
      allowPrivate: false,
    });
    expect(answer.status).toBeNull();
    expect(answer.error).toMatch(/EPRIVATE/);
    expect(receiver.received.length).toBe(before);
  });
});
