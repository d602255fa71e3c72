import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { wants } from './webhook-dispatch.ts';
import { isSuccessStatus, requestOf } from './webhook-delivery.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from './webhook.tables.ts';

/** One try of an imported delivery: the answer it got (or the error) and how long it took. */
export interface ImportedTry {
  durationMs: number;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
}

const succeeded = (t: ImportedTry) => isSuccessStatus(t.responseStatus);

/** When each try started, from `firstTryAt`: try n+1 starts the schedule's pause after try n ended. */
function tryStarts(firstTryAt: Date, tries: ImportedTry[], retryDelaysMs: readonly number[]): Date[] {
  const starts = [firstTryAt];
  for (let i = 1; i < tries.length; i++)
    starts.push(new Date(starts[i - 1]!.getTime() + tries[i - 1]!.durationMs + retryDelaysMs[i - 1]!));
  return starts;
}

/** From the first try's start to the last one's end. */
export function importedSpanMs(tries: ImportedTry[], retryDelaysMs: readonly number[]): number {
  const starts = tryStarts(new Date(0), tries, retryDelaysMs);
  return (starts.at(-1)?.getTime() ?? 0) + (tries.at(-1)?.durationMs ?? 0);
}

/**
 * A delivery that happened in the past (the demo's history; any future import), recorded as the worker records
 * one: an event already in the outbox (`msgId`, written by `recordEvent`) to an endpoint that wants it, its tries
 * on the schedule (`retryDelaysMs`: try n+1 starts the schedule's pause after try n ended), each with the request
 * the worker would have sent then (`requestOf`: the body and headers signed by the endpoint's secret), the last one
 * answered 2xx. Only finished deliveries are imported, so nothing is left for the queue: the delivery is
 * SUCCEEDED and the event stamped dispatched when the first try went. Answers when the last try ended.
 */
export async function importDelivery(
  tx: Tx,
  input: {
    msgId: string;
    endpointId: number;
    firstTryAt: Date;
    tries: ImportedTry[];
    retryDelaysMs: readonly number[];
  },
): Promise<Date> {
  const { tries } = input;
  const last = tries.at(-1);
  if (!last || !succeeded(last) || tries.slice(0, -1).some(succeeded) || tries.length > input.retryDelaysMs.length + 1)
    throw new Error('an imported delivery is tries that failed, then one that succeeded, within the schedule');
  const [event] = await tx.select().from(webhookEvents).where(eq(webhookEvents.msgId, input.msgId));
  const [endpoint] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, input.endpointId));
  if (!event || !endpoint || !wants(endpoint, event))
    throw new Error(`event ${input.msgId} is not one endpoint ${input.endpointId} wants`);
  const starts = tryStarts(input.firstTryAt, tries, input.retryDelaysMs);
  const rows = tries.map((t, i) => {
    const startedAt = starts[i]!;
    const { headers, body } = requestOf(event, endpoint, startedAt);
    return {
      attemptNo: i + 1,
      scheduledAt: startedAt,
      startedAt,
      durationMs: t.durationMs,
      url: endpoint.url,
      requestHeaders: headers,
      requestBody: body,
      responseStatus: t.responseStatus,
      responseBody: t.responseBody,
      error: t.error,
    };
  });
  const finishedAt = new Date(input.firstTryAt.getTime() + importedSpanMs(tries, input.retryDelaysMs));
  const [delivery] = await tx
    .insert(webhookDeliveries)
    .values({
      eventId: event.id,
      endpointId: endpoint.id,
      companyId: event.companyId,
      status: 'SUCCEEDED',
      attempts: tries.length,
      nextAttemptAt: null,
      createdAt: input.firstTryAt,
      finishedAt,
    })
    .returning({ id: webhookDeliveries.id });
  await tx.insert(webhookAttempts).values(rows.map((r) => ({ ...r, deliveryId: delivery!.id })));
  await tx
    .update(webhookEvents)
    .set({ dispatchedAt: input.firstTryAt })
    .where(and(eq(webhookEvents.id, event.id), isNull(webhookEvents.dispatchedAt)));
  return finishedAt;
}
