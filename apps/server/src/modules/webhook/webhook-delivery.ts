import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import type { Queue, QueueWorker } from '../../queue.ts';
import type { SmsSender } from '../../sms-sender.ts';
import type { SmsScene } from '../../config-env.ts';
import { findCompany } from '../company/index.ts';
import { post, type Answer } from './webhook-http.ts';
import { signedHeaders } from './webhook-signing.ts';
import { WEBHOOK } from './webhook.messages.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from './webhook.tables.ts';

export const DELIVER_QUEUE = 'webhook.deliver';

/** A job of the delivery queue: try `deliveryId` once; `attemptNo` 1.. follows the schedule, 0 is a resend. */
export interface DeliverJob {
  deliveryId: number;
  attemptNo: number;
}

export interface WebhookSettings {
  /** The pauses between tries: after try n fails, try n+1 waits `retryDelaysMs[n-1]`; the last failure gives up. */
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  /** Loopback and private addresses allowed (the sandbox and tests); refused otherwise. */
  allowPrivate: boolean;
}

export interface DeliveryDeps {
  db: Db;
  queue: Queue;
  smsSender: SmsSender;
  log: FastifyBaseLogger;
  settings: WebhookSettings;
}

/** The body of every try: the Standard Webhooks payload, rebuilt the same from the outbox row each time. */
export const bodyOf = (e: { type: string; occurredAt: Date; data: unknown }) =>
  JSON.stringify({ type: e.type, timestamp: e.occurredAt.toISOString(), data: e.data });

/** The secrets that sign now: the current one, and the previous one for 24 hours after a rotation. */
export const signingSecrets = (
  ep: { secret: string; previousSecret: string | null; previousSecretUntil: Date | null },
  now: Date,
) =>
  ep.previousSecret && ep.previousSecretUntil && ep.previousSecretUntil > now
    ? [ep.secret, ep.previousSecret]
    : [ep.secret];

async function load(db: Tx, deliveryId: number) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return row ?? null;
}

const succeeded = (a: Answer) => a.status !== null && a.status >= 200 && a.status < 300;

/**
 * One try of one delivery. Safe to run again (pg-boss gives a job back when the process handling it died): a
 * scheduled try that is already recorded, or a delivery already finished, is not sent again. A try that the
 * process died during is sent again, with the same `webhook-id`: receivers deduplicate on it.
 */
export async function attemptDelivery(deps: DeliveryDeps, job: DeliverJob): Promise<void> {
  const { db, settings } = deps;
  const row = await load(db, job.deliveryId);
  if (!row) return;
  const { delivery, event, endpoint } = row;
  const scheduled = job.attemptNo > 0;
  if (scheduled && (delivery.status !== 'PENDING' || delivery.attempts >= job.attemptNo || !endpoint.enabled)) return;
  const startedAt = new Date();
  const body = bodyOf(event);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'mchweb-webhooks/1',
    ...signedHeaders(signingSecrets(endpoint, startedAt), event.msgId, startedAt, body),
  };
  const answer = await post(endpoint.url, headers, body, settings);
  const ended = new Date();
  // From the signing to the answer: the try's start plus its duration is the end the next try is planned from.
  const durationMs = ended.getTime() - startedAt.getTime();
  const gaveUp = await db.transaction(async (tx) => {
    const [now] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id)).for('update');
    if (scheduled && now!.attempts >= job.attemptNo) return false;
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attemptNo: job.attemptNo,
      scheduledAt: scheduled ? (now!.nextAttemptAt ?? startedAt) : startedAt,
      startedAt,
      durationMs,
      url: endpoint.url,
      requestHeaders: headers,
      requestBody: body,
      responseStatus: answer.status,
      responseBody: answer.body,
      error: answer.error,
    });
    const attempts = scheduled ? job.attemptNo : now!.attempts;
    if (succeeded(answer)) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'SUCCEEDED', attempts, nextAttemptAt: null, finishedAt: ended })
        .where(eq(webhookDeliveries.id, delivery.id));
      return false;
    }
    if (!scheduled) return false;
    const pause = settings.retryDelaysMs[job.attemptNo - 1];
    if (pause !== undefined) {
      const next = new Date(ended.getTime() + pause);
      await tx
        .update(webhookDeliveries)
        .set({ attempts, nextAttemptAt: next })
        .where(eq(webhookDeliveries.id, delivery.id));
      await deps.queue.send<DeliverJob>(
        DELIVER_QUEUE,
        [{ data: { deliveryId: delivery.id, attemptNo: job.attemptNo + 1 }, startAfter: next }],
        tx,
      );
      return false;
    }
    await tx
      .update(webhookDeliveries)
      .set({ status: 'FAILED', attempts, nextAttemptAt: null, finishedAt: ended })
      .where(eq(webhookDeliveries.id, delivery.id));
    return disableFailing(tx, endpoint.id, ended);
  });
  if (gaveUp) await tellOwner(deps, endpoint.companyId, endpoint.url);
}

/**
 * The schedule's last try failed: the endpoint is turned off (its PENDING deliveries stop with it). True when
 * this call turned it off, so the owner is told once.
 */
async function disableFailing(tx: Tx, endpointId: number, at: Date): Promise<boolean> {
  const off = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'FAILING', updatedAt: at })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return off.length > 0;
}

/**
 * The organisation's contact mobile gets an SMS (the existing sender); the Webhooks tab shows the endpoint
 * turned off with the reason. An organisation without a contact mobile sees only the tab.
 */
async function tellOwner(deps: DeliveryDeps, companyId: number, url: string) {
  const company = await findCompany(deps.db, companyId);
  if (!company?.contactMobile) return;
  const t = WEBHOOK.disabledSms(url);
  try {
    // The provider's template (SMS_TEMPLATE_WEBHOOK_DISABLED) takes the endpoint's host: a whole URL is longer
    // than the providers let one variable be (Alibaba Cloud and Tencent Cloud cap them at about 35 characters).
    await deps.smsSender.send(deps.db, {
      mobile: company.contactMobile,
      scene: 'webhookDisabled' satisfies SmsScene,
      params: { host: hostOf(url) },
      text: `${t['zh-CN']} ${t['en-US']}`,
    });
  } catch (err) {
    deps.log.warn({ err, companyId }, 'webhook: the SMS telling of a disabled endpoint was not sent');
  }
}

/** An endpoint's host (and port), cut to a template variable's length. */
const hostOf = (url: string) => {
  const host = URL.canParse(url) ? new URL(url).host : url;
  return host.length > 35 ? `${host.slice(0, 34)}…` : host;
};

/** The queue's worker of deliveries: a fetch takes up to 100, tried at once. */
export function deliveryWorker(deps: DeliveryDeps, loops: number): QueueWorker<DeliverJob> {
  return {
    name: DELIVER_QUEUE,
    batchSize: 100,
    loops,
    // A try takes at most the timeout; a job held twice as long belongs to a process that died.
    expireInSeconds: Math.ceil((2 * deps.settings.timeoutMs) / 1000) + 1,
    handle: (job) => attemptDelivery(deps, job.data),
  };
}
