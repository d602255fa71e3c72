import { and, arrayContains, eq } from 'drizzle-orm';
import type { WebhookEventType } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { merchantNamesOf } from '../merchant/index.ts';
import { newMsgId } from './webhook-signing.ts';
import { webhookEndpoints, webhookEvents } from './webhook.tables.ts';

export interface WebhookEvent {
  companyId: number;
  merchantId: number | null;
  type: WebhookEventType;
  /** The body's `data` (the merchant's number, `mchNo`, is added here). */
  data: Record<string, unknown>;
  occurredAt: Date;
  /** A test event: to this endpoint only. */
  onlyEndpointId?: number;
}

/**
 * Record an event in the outbox, inside the transaction of the change it tells about (the order, refund,
 * settlement or transfer module's own): it exists exactly when the change does, and the dispatcher delivers it.
 * An organisation with no endpoint turned on for the type gets no row (most have none: a payment then costs one
 * indexed look more, not an insert). Answers the event's `webhook-id`, or null when nobody wants it.
 */
export async function recordEvent(tx: Tx, event: WebhookEvent): Promise<string | null> {
  if (event.onlyEndpointId === undefined) {
    const [wanted] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.companyId, event.companyId),
          eq(webhookEndpoints.enabled, true),
          arrayContains(webhookEndpoints.eventTypes, [event.type]),
        ),
      )
      .limit(1);
    if (!wanted) return null;
  }
  const merchant =
    event.merchantId === null ? null : (await merchantNamesOf(tx, [event.merchantId])).get(event.merchantId);
  const msgId = newMsgId();
  await tx.insert(webhookEvents).values({
    msgId,
    companyId: event.companyId,
    merchantId: event.merchantId,
    type: event.type,
    data: merchant ? { mchNo: merchant.mchNo, ...event.data } : event.data,
    occurredAt: event.occurredAt,
    onlyEndpointId: event.onlyEndpointId ?? null,
  });
  return msgId;
}
