import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@mchweb/contract';
import { byApiKey, requireMember, type Actor, type Membership } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { covers } from '../../merchant-scope.ts';
import type { Queue } from '../../queue.ts';
import { recordAudit } from '../audit/index.ts';
import { checkedMerchantIds, merchantNamesOf, namedMerchants } from '../merchant/index.ts';
import { urlProblem } from './webhook-address.ts';
import { DELIVER_QUEUE, type DeliverJob } from './webhook-delivery.ts';
import { recordEvent } from './webhook-events.ts';
import { exampleOf } from './webhook-examples.ts';
import { newSecret } from './webhook-signing.ts';
import { WEBHOOK } from './webhook.messages.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from './webhook.tables.ts';

type Row = typeof webhookEndpoints.$inferSelect;

const MAX_ENDPOINTS = 20;
const ROTATION_OVERLAP_MS = 24 * 3600_000;
const PAGE = 20;

const view = (r: Row, actor: Actor, names: Map<number, { mchNo: string; name: string }>): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  eventTypes: r.eventTypes,
  merchantIds: r.merchantIds,
  merchants: namedMerchants(r.merchantIds, names),
  enabled: r.enabled,
  disabledReason: r.disabledReason === 'FAILING' ? WEBHOOK.failing[actor.language] : null,
  previousSecretUntil:
    r.previousSecretUntil && r.previousSecretUntil > new Date() ? r.previousSecretUntil.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

async function views(db: Tx, actor: Actor, rows: Row[]): Promise<WebhookEndpoint[]> {
  const names = await merchantNamesOf(
    db,
    rows.flatMap((r) => r.merchantIds ?? []),
  );
  return rows.map((r) => view(r, actor, names));
}
const viewOf = async (db: Tx, actor: Actor, row: Row) => (await views(db, actor, [row]))[0]!;

/**
 * Whether a member sees an endpoint: its deliveries hold the events of the merchants it covers, so a member limited
 * to some merchants sees only endpoints limited to some of theirs (others are "not found", as another
 * organisation's).
 */
const sees = (me: Membership, r: Pick<Row, 'merchantIds'>) =>
  me.merchantIds === null || (r.merchantIds !== null && r.merchantIds.every((id) => covers(me.merchantIds, id)));

/**
 * The endpoint of the actor's organisation, locked for the change (unless only read); another organisation's is
 * "not found".
 */
async function ownEndpoint(tx: Tx, actor: Actor, id: number, lock = true) {
  const me = requireMember(actor);
  const own = tx
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, me.companyId)));
  const [row] = lock ? await own.for('update') : await own;
  if (!row || !sees(me, row)) throw notFound(WEBHOOK.endpointNotFound);
  return row;
}

/** The merchants an endpoint is to receive events of, checked as a member's scope is. */
const checkedMerchants = (tx: Tx, actor: Actor, me: Membership, ids: readonly number[] | null) =>
  checkedMerchantIds(tx, me, ids, () =>
    // A key is told in the merchant API's words (`mchNos`, the key), a person in the portal's.
    invalid(byApiKey(actor) ? WEBHOOK.keyForSomeMerchants : WEBHOOK.onlyYourMerchants),
  );

async function checkUrl(url: string, allowPrivate: boolean) {
  const problem = await urlProblem(url, allowPrivate);
  if (problem === 'private') throw invalid(WEBHOOK.privateUrl);
  if (problem === 'unresolved') throw invalid(WEBHOOK.unresolvedUrl);
}

export async function listEndpoints(db: Db, actor: Actor) {
  const me = requireMember(actor);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, me.companyId))
    .orderBy(webhookEndpoints.id);
  return views(
    db,
    actor,
    rows.filter((r) => sees(me, r)),
  );
}

/** One endpoint the actor sees (the merchant API's retrieve). */
export async function getEndpoint(db: Db, actor: Actor, id: number) {
  return viewOf(db, actor, await ownEndpoint(db, actor, id, false));
}

interface NewEndpoint {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  merchantIds: number[] | null;
}

/** A new endpoint of the actor's organisation; `now` is its creation time (the demo's is made in its past). */
export async function createEndpoint(db: Db, actor: Actor, input: NewEndpoint, allowPrivate: boolean, now?: Date) {
  return (await createEndpointWithSecret(db, actor, input, allowPrivate, now)).endpoint;
}

/**
 * A new endpoint and its signing secret: the merchant API answers the secret on create (as Stripe does), where the
 * portal shows it only on a look of its own (revealSecret, audited).
 */
export async function createEndpointWithSecret(
  db: Db,
  actor: Actor,
  input: NewEndpoint,
  allowPrivate: boolean,
  now = new Date(),
) {
  const me = requireMember(actor);
  const { companyId } = me;
  await checkUrl(input.url, allowPrivate);
  return db.transaction(async (tx) => {
    const merchantIds = await checkedMerchants(tx, actor, me, input.merchantIds);
    const [n] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.companyId, companyId));
    if (n!.n >= MAX_ENDPOINTS) throw conflict(WEBHOOK.tooMany);
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        companyId,
        url: input.url,
        description: input.description,
        eventTypes: input.eventTypes,
        merchantIds,
        secret: newSecret(),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: row!.id,
      detail: { url: input.url, eventTypes: input.eventTypes, merchantIds },
    });
    return { endpoint: await viewOf(tx, actor, row!), secret: row!.secret };
  });
}

/** The fields of an endpoint a person changes, as the audit log keeps them before and after. */
const changeable = (r: Pick<Row, 'url' | 'description' | 'eventTypes' | 'merchantIds' | 'enabled'>) => ({
  url: r.url,
  description: r.description,
  eventTypes: r.eventTypes,
  merchantIds: r.merchantIds,
  enabled: r.enabled,
});

/**
 * A change of an endpoint. A field left out stays as it is (read under the row's lock, so two changes of different
 * fields both hold): the portal sends every field but the merchants, the merchant API only those it changes.
 */
export async function updateEndpoint(
  db: Db,
  actor: Actor,
  input: {
    id: number;
    url?: string | undefined;
    description?: string | undefined;
    eventTypes?: WebhookEventType[] | undefined;
    enabled?: boolean | undefined;
    merchantIds?: number[] | null | undefined;
  },
  allowPrivate: boolean,
) {
  const me = requireMember(actor);
  if (input.url !== undefined) await checkUrl(input.url, allowPrivate);
  return db.transaction(async (tx) => {
    const before = await ownEndpoint(tx, actor, input.id);
    const merchantIds =
      input.merchantIds === undefined ? before.merchantIds : await checkedMerchants(tx, actor, me, input.merchantIds);
    const enabled = input.enabled ?? before.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        url: input.url ?? before.url,
        description: input.description ?? before.description,
        eventTypes: input.eventTypes ?? before.eventTypes,
        merchantIds,
        enabled,
        // Turned on again by a person: the platform's reason no longer holds.
        disabledReason: enabled ? null : before.disabledReason,
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, before.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'webhook.update',
      targetType: 'webhook',
      targetId: before.id,
      detail: { before: changeable(before), after: changeable(row!) },
    });
    return viewOf(tx, actor, row!);
  });
}

/** The signing secret, shown to a person: who saw it is kept (never the secret). */
export async function revealSecret(db: Db, actor: Actor, id: number) {
  const row = await db.transaction(async (tx) => {
    const own = await ownEndpoint(tx, actor, id);
    await recordAudit(tx, actor, { action: 'webhook.revealSecret', targetType: 'webhook', targetId: own.id });
    return own;
  });
  return { id: row.id, secret: row.secret };
}

/** A new secret; the one it replaces keeps signing (a second signature) for 24 hours. */
export async function rotateSecret(db: Db, actor: Actor, id: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await ownEndpoint(tx, actor, id);
    const secret = newSecret();
    await tx
      .update(webhookEndpoints)
      .set({
        secret,
        previousSecret: row.secret,
        previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, row.id));
    await recordAudit(tx, actor, { action: 'webhook.rotateSecret', targetType: 'webhook', targetId: row.id });
    return { id: row.id, secret };
  });
}

/** An example event of `type` to this endpoint only, through the outbox like any other, occurring `now`. */
export async function sendTestEvent(
  db: Db,
  actor: Actor,
  input: { id: number; type: WebhookEventType },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const row = await ownEndpoint(tx, actor, input.id);
    if (!row.enabled) throw conflict(WEBHOOK.disabledEndpoint);
    const msgId = await recordEvent(tx, {
      companyId: row.companyId,
      merchantId: null,
      type: input.type,
      data: exampleOf(input.type),
      occurredAt: now,
      onlyEndpointId: row.id,
    });
    await recordAudit(tx, actor, {
      action: 'webhook.test',
      targetType: 'webhook',
      targetId: row.id,
      detail: { type: input.type, msgId },
    });
    // A test event always gets its row (it names its endpoint).
    return { msgId: msgId! };
  });
}

export async function listDeliveries(db: Db, actor: Actor, query: { endpointId: number; before?: number | undefined }) {
  const { companyId } = requireMember(actor);
  await db.transaction((tx) => ownEndpoint(tx, actor, query.endpointId));
  const rows = await db
    .select({ d: webhookDeliveries, msgId: webhookEvents.msgId, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, query.endpointId),
        eq(webhookDeliveries.companyId, companyId),
        query.before ? lt(webhookDeliveries.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const tries = page.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            page.map((r) => r.d.id),
          ),
        )
        .orderBy(webhookAttempts.id)
    : [];
  const list: WebhookDelivery[] = page.map(({ d, msgId, type }) => ({
    id: d.id,
    msgId,
    eventType: type,
    status: d.status as WebhookDelivery['status'],
    attempts: d.attempts,
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    finishedAt: d.finishedAt?.toISOString() ?? null,
    tries: tries
      .filter((t) => t.deliveryId === d.id)
      .map((t) => ({
        attemptNo: t.attemptNo,
        scheduledAt: t.scheduledAt.toISOString(),
        startedAt: t.startedAt.toISOString(),
        durationMs: t.durationMs,
        url: t.url,
        requestHeaders: t.requestHeaders as Record<string, string>,
        requestBody: t.requestBody,
        responseStatus: t.responseStatus,
        responseBody: t.responseBody,
        error: t.error,
      })),
  }));
  return { list, more: rows.length > PAGE };
}

/** One more try of a delivery, now, outside the schedule (a FAILED one that succeeds becomes SUCCEEDED). */
export async function resendDelivery(db: Db, actor: Actor, queue: Queue, deliveryId: number) {
  const me = requireMember(actor);
  await db.transaction(async (tx) => {
    const [d] = await tx
      .select({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        merchantIds: webhookEndpoints.merchantIds,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.companyId, me.companyId)));
    if (!d || !sees(me, d)) throw notFound(WEBHOOK.deliveryNotFound);
    await recordAudit(tx, actor, {
      action: 'webhook.resend',
      targetType: 'webhook',
      targetId: d.endpointId,
      detail: { deliveryId },
    });
    await queue.send<DeliverJob>(DELIVER_QUEUE, [{ data: { deliveryId, attemptNo: 0 } }], tx);
  });
  queue.wake(DELIVER_QUEUE);
  return { deliveryId };
}
