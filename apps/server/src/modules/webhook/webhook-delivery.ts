import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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

/** What a try sends at `at`: the body and its headers, signed by every secret that signs then. */
export function requestOf(
  event: { msgId: string; type: string; occurredAt: Date; data: unknown },
  endpoint: { secret: string; previousSecret: string | null; previousSecretUntil: Date | null },
  at: Date,
) {
  const body = bodyOf(event);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'mchweb-webhooks/1',
    ...signedHeaders(signingSecrets(endpoint, at), event.msgId, at, body),
  };
  return { headers, body };
}

/** The deliveries of a fetch's jobs with their events and endpoints, in one query. */
async function loadAll(db: Tx, deliveryIds: number[]) {
  const rows = await db
    .select({ delivery: webhookDeliveries, event: webhookEvents, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(inArray(webhookDeliveries.id, deliveryIds));
  return new Map(rows.map((r) => [r.delivery.id, r]));
}
type Loaded = NonNullable<ReturnType<Awaited<ReturnType<typeof loadAll>>['get']>>;

/** One try made: what was sent, when, and what came back (recorded afterwards). */
interface Try {
  job: DeliverJob;
  row: Loaded;
  startedAt: Date;
  ended: Date;
  headers: Record<string, string>;
  body: string;
  answer: Answer;
}

/** A receiver's answer that ends a delivery: any 2xx. */
export const isSuccessStatus = (status: number | null) => status !== null && status >= 200 && status < 300;
const succeeded = (a: Answer) => isSuccessStatus(a.status);
/** A try of the schedule (1, 2, ...), not a resend (0). */
const isScheduled = (job: DeliverJob) => job.attemptNo > 0;

/**
 * Sign and send one try, or null when it is not to be sent: a scheduled try that is already recorded, of a delivery
 * already finished or of an endpoint turned off. A try that the process died during is sent again, with the same
 * `webhook-id`: receivers deduplicate on it.
 */
async function send({ settings }: DeliveryDeps, job: DeliverJob, row: Loaded): Promise<Try | null> {
  const { delivery, event, endpoint } = row;
  if (isScheduled(job) && (delivery.status !== 'PENDING' || delivery.attempts >= job.attemptNo || !endpoint.enabled))
    return null;
  const startedAt = new Date();
  const { headers, body } = requestOf(event, endpoint, startedAt);
  const answer = await post(endpoint.url, headers, body, settings);
  return { job, row, startedAt, ended: new Date(), headers, body, answer };
}

/** The try's row in webhook_attempts; `now` is its delivery as locked when recording. */
const attemptRow = (t: Try, now: { nextAttemptAt: Date | null }) => ({
  deliveryId: t.row.delivery.id,
  attemptNo: t.job.attemptNo,
  scheduledAt: isScheduled(t.job) ? (now.nextAttemptAt ?? t.startedAt) : t.startedAt,
  startedAt: t.startedAt,
  // From the signing to the answer: the try's start plus its duration is the end the next try is planned from.
  durationMs: t.ended.getTime() - t.startedAt.getTime(),
  url: t.row.endpoint.url,
  requestHeaders: t.headers,
  requestBody: t.body,
  responseStatus: t.answer.status,
  responseBody: t.answer.body,
  error: t.answer.error,
});

/**
 * Record successful tries of different deliveries together: one transaction of three statements for a fetch's
 * worth, instead of one transaction each (at a thousand deliveries a second the round trips were most of the
 * delivery's cost). Each delivery is locked and checked as one try's record does: a scheduled try already
 * recorded (by a process that died after recording it) is not recorded twice.
 */
async function recordSucceeded(db: Db, tries: Try[]): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await tx
      .select({
        id: webhookDeliveries.id,
        attempts: webhookDeliveries.attempts,
        nextAttemptAt: webhookDeliveries.nextAttemptAt,
      })
      .from(webhookDeliveries)
      .where(
        inArray(
          webhookDeliveries.id,
          tries.map((t) => t.row.delivery.id),
        ),
      )
      .orderBy(asc(webhookDeliveries.id))
      .for('update');
    const now = new Map(locked.map((d) => [d.id, d]));
    const kept = tries.filter((t) => !isScheduled(t.job) || now.get(t.row.delivery.id)!.attempts < t.job.attemptNo);
    if (kept.length === 0) return;
    await tx.insert(webhookAttempts).values(kept.map((t) => attemptRow(t, now.get(t.row.delivery.id)!)));
    // A resend leaves the schedule's count as it is; each delivery finishes at its own try's end.
    const values = kept.map(
      (t) =>
        sql`(${t.row.delivery.id}::bigint, ${isScheduled(t.job) ? t.job.attemptNo : now.get(t.row.delivery.id)!.attempts}::int, ${t.ended.toISOString()}::timestamptz)`,
    );
    await tx.execute(sql`
      update ${webhookDeliveries} set status = 'SUCCEEDED', attempts = v.attempts, next_attempt_at = null,
        finished_at = v.finished_at
      from (values ${sql.join(values, sql`, `)}) as v(id, attempts, finished_at)
      where ${webhookDeliveries}.id = v.id`);
  });
}

/** Record one try on its own: a failure (the next try planned, or the schedule given up) or a success. */
async function recordTry(deps: DeliveryDeps, t: Try): Promise<void> {
  const { job, row, answer, ended } = t;
  const { delivery, endpoint } = row;
  const scheduled = isScheduled(job);
  const gaveUp = await deps.db.transaction(async (tx) => {
    const [now] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id)).for('update');
    if (scheduled && now!.attempts >= job.attemptNo) return false;
    await tx.insert(webhookAttempts).values(attemptRow(t, now!));
    const attempts = scheduled ? job.attemptNo : now!.attempts;
    if (succeeded(answer)) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'SUCCEEDED', attempts, nextAttemptAt: null, finishedAt: ended })
        .where(eq(webhookDeliveries.id, delivery.id));
      return false;
    }
    if (!scheduled) return false;
    const pause = deps.settings.retryDelaysMs[job.attemptNo - 1];
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
 * The tries of a fetch's jobs: loaded in one query, sent at once, the successes recorded together and the rest
 * (failures, whose next try is planned, and a second try of the same delivery) one by one. Safe to run again
 * (pg-boss gives a job back when the process handling it died): see `send` and `recordSucceeded`. Answers each
 * job's error, or null.
 */
export async function attemptDeliveries(deps: DeliveryDeps, jobs: DeliverJob[]): Promise<unknown[]> {
  const rows = await loadAll(deps.db, [...new Set(jobs.map((j) => j.deliveryId))]);
  const tries = await Promise.all(
    jobs.map((job) => {
      const row = rows.get(job.deliveryId);
      return row ? send(deps, job, row) : null;
    }),
  );
  const errors: unknown[] = jobs.map(() => null);
  const together = new Map<number, number>(); // delivery id -> index of its first successful try
  tries.forEach((t, i) => {
    if (t && succeeded(t.answer) && !together.has(t.row.delivery.id)) together.set(t.row.delivery.id, i);
  });
  const batch = new Set(together.values());
  const alone = tries.flatMap((t, i) => (t && !batch.has(i) ? [i] : []));
  await Promise.all([
    batch.size > 0 &&
      recordSucceeded(
        deps.db,
        [...batch].map((i) => tries[i]!),
      ).catch((err: unknown) => batch.forEach((i) => (errors[i] = err))),
    ...alone.map((i) => recordTry(deps, tries[i]!).catch((err: unknown) => (errors[i] = err))),
  ]);
  return errors;
}

/** One try of one delivery (a fetch of one job). */
export async function attemptDelivery(deps: DeliveryDeps, job: DeliverJob): Promise<void> {
  const [err] = await attemptDeliveries(deps, [job]);
  if (err) throw err;
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

/** The queue's worker of deliveries: a fetch takes up to 100, tried at once and recorded together. */
export function deliveryWorker(deps: DeliveryDeps, loops: number): QueueWorker<DeliverJob> {
  return {
    name: DELIVER_QUEUE,
    batchSize: 100,
    loops,
    // A try takes at most the timeout; a job held twice as long belongs to a process that died.
    expireInSeconds: Math.ceil((2 * deps.settings.timeoutMs) / 1000) + 1,
    handle: (job) => attemptDelivery(deps, job.data),
    handleBatch: (jobs) =>
      attemptDeliveries(
        deps,
        jobs.map((j) => j.data),
      ),
  };
}
