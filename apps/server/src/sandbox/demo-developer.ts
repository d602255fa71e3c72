import {
  createApiKeyBody,
  webhookEndpointCreateBody,
  webhookEndpointUpdateBody,
  type ApiKeyMode,
} from '@mchweb/contract';
import type { Actor } from '../actor.ts';
import { WEBHOOK_RETRY_SCHEDULE_MS } from '../config.ts';
import type { Db } from '../db/client.ts';
import { memberAccess } from '../modules/company/index.ts';
import { authenticateApiKey, createApiKey, revokeApiKey, touchApiKey } from '../modules/developer/index.ts';
import { lastPaymentEvents } from '../modules/order/index.ts';
import {
  createEndpoint,
  importDelivery,
  importedSpanMs,
  recordEvent,
  sendTestEvent,
  updateEndpoint,
  type ImportedTry,
} from '../modules/webhook/index.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The demo endpoint's address: a name under `.example`, reserved for examples (RFC 2606), so it is nobody's server
 * and never resolves. The endpoint is seeded turned off (see `seedDemoDeveloper`), so nothing is sent there.
 */
export const DEMO_WEBHOOK_URL = 'https://pos.morning-light.example/hooks/mchweb';

/** How many of the demo's latest payments and refunds the endpoint was told of. */
const DELIVERED = 5;

const ok = (durationMs: number): ImportedTry => ({
  durationMs,
  responseStatus: 200,
  responseBody: '{"received":true}',
  error: null,
});
/** The receiver's answers, oldest delivery first: most at once, one after a 500, one after a timeout. */
const ANSWERS: ImportedTry[][] = [
  [ok(182)],
  [
    { durationMs: 96, responseStatus: 500, responseBody: '{"error":"inventory service unavailable"}', error: null },
    ok(141),
  ],
  [ok(73)],
  // The worker's own words for a receiver that keeps silent (webhook-http.ts), after the default 15 s.
  [{ durationMs: 15_000, responseStatus: null, responseBody: null, error: 'no answer within 15000 ms' }, ok(204)],
  [ok(88)],
];

/**
 * The demo's /developer page (issue 30): the owner's API keys and a webhook endpoint with its deliveries, made by
 * the portal's own services as the owner, at times before `now` (the same anchor as the demo's orders: the day's
 * template is seeded on its day, never shifted, demo-template.ts).
 * - Keys by `createApiKey` (stored as its SHA-256; the value it answers is dropped, as the product never shows a
 *   key twice), their "last used" by the merchant API's own `authenticateApiKey` and `touchApiKey`: the shop's POS
 *   key used minutes ago, and an older accounting key used a week ago and revoked since.
 * - The endpoint by `createEndpoint` just before the organisation's last five payments and refunds; its test event
 *   by `sendTestEvent`; those payments' `order.paid` and `refund.succeeded` events written to the outbox by
 *   `recordEvent` (the demo's orders are made in bulk, without events) and their deliveries by `importDelivery`,
 *   finished (SUCCEEDED, some after a retry on the real schedule, signed with the endpoint's secret).
 * - The endpoint is then turned off by the owner (`updateEndpoint`): its URL is nobody's, so with it on, every new
 *   payment of the demo would be tried for 3 days, then the endpoint turned off by the platform and the owner sent
 *   an SMS. Off, no event is written for it and nothing is queued; a visitor points it at a receiver of theirs and
 *   turns it on, or adds one. (A receiver on the demo server itself cannot be its URL: the day's template is copied
 *   into directories served on any port.)
 */
export async function seedDemoDeveloper(
  db: Db,
  input: { companyId: number; ownerId: number; apiKeyMode: ApiKeyMode; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const at = (ms: number) => new Date(ms);
  const member = await memberAccess(db, input.ownerId, input.companyId);
  if (!member) throw new Error('the demo owner is no member of the demo organisation');
  const owner: Actor = {
    kind: 'user',
    userId: input.ownerId,
    sessionId: null,
    companyId: input.companyId,
    member,
    ip: null,
    language: 'zh-CN',
  };

  // The endpoint was made between the sixth-last and the fifth-last payment or refund (or an hour ago if fewer).
  const latest = await lastPaymentEvents(db, input.companyId, now, DELIVERED + 1);
  const told = latest.slice(-DELIVERED);
  const first = told[0]?.occurredAt.getTime() ?? now.getTime();
  const before = latest.length > DELIVERED ? latest[0]!.occurredAt.getTime() : -Infinity;
  const endpointAt = Math.max(first - (told.length > 0 ? 10 * MINUTE : 60 * MINUTE), (before + first) / 2);

  // An accounting script's key, used for a few weeks and revoked last week.
  const old = await createApiKey(
    db,
    owner,
    createApiKeyBody.parse({
      name: '财务对账脚本 Accounting export',
      scopes: ['orders:read', 'settlements:read'],
      merchantIds: null,
    }),
    input.apiKeyMode,
    at(now.getTime() - 30 * DAY),
  );
  await usedAt(db, old.secret, input.apiKeyMode, at(now.getTime() - 8 * DAY - 3 * 60 * MINUTE));
  await revokeApiKey(db, owner, { keyId: old.key.keyId }, at(now.getTime() - 7 * DAY));
  // The shop's POS: its key made just before its endpoint, last used a few minutes ago.
  const pos = await createApiKey(
    db,
    owner,
    createApiKeyBody.parse({
      name: '门店收银系统 Shop POS',
      scopes: ['orders:read', 'orders:write', 'refunds:write'],
      merchantIds: null,
    }),
    input.apiKeyMode,
    at(endpointAt - 20 * MINUTE),
  );
  await usedAt(db, pos.secret, input.apiKeyMode, at(Math.max(endpointAt, now.getTime() - 4 * MINUTE)));

  const endpointInput = webhookEndpointCreateBody.parse({
    url: DEMO_WEBHOOK_URL,
    description: '门店收银系统的收款通知（演示，已停用）Shop POS payment notices (demo, turned off)',
    eventTypes: ['order.paid', 'refund.succeeded'],
  });
  // allowPrivate: the address is ours and fixed; nothing is looked up while seeding.
  const endpoint = await createEndpoint(db, owner, endpointInput, true, at(endpointAt));
  const testAt = at(endpointAt + Math.min(2 * MINUTE, (first - endpointAt) / 2));
  const { msgId: testId } = await sendTestEvent(db, owner, { id: endpoint.id, type: 'order.paid' }, testAt);
  const deliveries = [{ msgId: testId, occurredAt: testAt, tries: [ok(126)] }];
  for (const [i, event] of told.entries()) {
    const msgId = await db.transaction((tx) => recordEvent(tx, event));
    if (!msgId) throw new Error('the demo endpoint did not want its event');
    const planned = ANSWERS[i % ANSWERS.length]!;
    // A retry that would still be running now is left out: that delivery went at once.
    const tries =
      event.occurredAt.getTime() + 1000 + importedSpanMs(planned, WEBHOOK_RETRY_SCHEDULE_MS) < now.getTime()
        ? planned
        : [ok(97)];
    deliveries.push({ msgId, occurredAt: event.occurredAt, tries });
  }
  for (const d of deliveries) {
    // The dispatcher takes an event within its 200 ms period; the worker is woken at once.
    const firstTryAt = at(d.occurredAt.getTime() + 300);
    await db.transaction((tx) =>
      importDelivery(tx, {
        msgId: d.msgId,
        endpointId: endpoint.id,
        firstTryAt,
        tries: d.tries,
        retryDelaysMs: WEBHOOK_RETRY_SCHEDULE_MS,
      }),
    );
  }
  await updateEndpoint(
    db,
    owner,
    webhookEndpointUpdateBody.parse({ id: endpoint.id, ...endpointInput, enabled: false }),
    true,
  );
}

/** A call of the merchant API with the key at `at`, as its authentication notes it ("last used"). */
async function usedAt(db: Db, secret: string, mode: ApiKeyMode, when: Date) {
  const holder = await authenticateApiKey(db, secret, mode);
  if (!holder) throw new Error('a demo key did not authenticate');
  await touchApiKey(db, holder.id, when);
}
