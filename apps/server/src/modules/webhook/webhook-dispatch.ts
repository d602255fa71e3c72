import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Queue } from '../../queue.ts';
import { DELIVER_QUEUE, type DeliverJob } from './webhook-delivery.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './webhook.tables.ts';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type EventRow = typeof webhookEvents.$inferSelect;

/** Whether an endpoint wants an event: its organisation's, of a type it chose, of a merchant it covers. */
export const wants = (ep: EndpointRow, e: EventRow) =>
  ep.companyId === e.companyId &&
  (e.onlyEndpointId !== null
    ? ep.id === e.onlyEndpointId
    : ep.eventTypes.includes(e.type) &&
      (ep.merchantIds === null || (e.merchantId !== null && ep.merchantIds.includes(e.merchantId))));

/**
 * One pass of the dispatcher: outbox events not yet dispatched become one delivery per endpoint that wants them,
 * and a job per delivery on the queue, in one transaction with stamping the events (so a crash leaves either
 * all of it or none). Events another process holds are skipped (SKIP LOCKED). Answers how many events it took.
 */
export async function dispatchEvents(db: Db, queue: Queue, limit = 500): Promise<number> {
  const jobs = await db.transaction(async (tx) => {
    const events = await tx
      .select()
      .from(webhookEvents)
      .where(isNull(webhookEvents.dispatchedAt))
      .orderBy(asc(webhookEvents.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (events.length === 0) return null;
    const companies = [...new Set(events.map((e) => e.companyId))];
    const endpoints = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(inArray(webhookEndpoints.companyId, companies), eq(webhookEndpoints.enabled, true)));
    const now = new Date();
    const wanted = events.flatMap((e) =>
      endpoints
        .filter((ep) => wants(ep, e))
        .map((ep) => ({ eventId: e.id, endpointId: ep.id, companyId: e.companyId, nextAttemptAt: now })),
    );
    const deliveries = wanted.length
      ? await tx.insert(webhookDeliveries).values(wanted).onConflictDoNothing().returning({ id: webhookDeliveries.id })
      : [];
    await queue.send<DeliverJob>(
      DELIVER_QUEUE,
      deliveries.map((d) => ({ data: { deliveryId: d.id, attemptNo: 1 } })),
      tx,
    );
    await tx
      .update(webhookEvents)
      .set({ dispatchedAt: now })
      .where(
        inArray(
          webhookEvents.id,
          events.map((e) => e.id),
        ),
      );
    return { events: events.length, deliveries: deliveries.length };
  });
  if (!jobs) return 0;
  if (jobs.deliveries > 0) queue.wake(DELIVER_QUEUE, jobs.deliveries);
  return jobs.events;
}
