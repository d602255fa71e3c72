import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { mchNoSubquery } from '../merchant/index.ts';
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
 * An organisation with no endpoint turned on for the type gets no row (most have none). One statement: whether an
 * endpoint wants it and the merchant's number (`mchNo`, added to `data`) are read by the insert itself, so an event
 * costs the change one round trip. Answers the event's `webhook-id`, or null when nobody wants it.
 */
export async function recordEvent(tx: Tx, event: WebhookEvent): Promise<string | null> {
  const e = webhookEndpoints;
  const wanted =
    event.onlyEndpointId === undefined
      ? sql`where exists (select 1 from ${e} where ${e.companyId} = ${event.companyId} and ${e.enabled}
          and ${e.eventTypes} @> array[${event.type}]::text[])`
      : sql``;
  const mchNo = event.merchantId === null ? sql`null` : mchNoSubquery(event.merchantId);
  const msgId = newMsgId();
  const { rows } = (await tx.execute(sql`
    insert into ${webhookEvents} (msg_id, company_id, merchant_id, type, data, occurred_at, only_endpoint_id)
    select ${msgId}::text, ${event.companyId}::int, ${event.merchantId}::int, ${event.type}::text,
      jsonb_strip_nulls(jsonb_build_object('mchNo', ${mchNo})) || ${JSON.stringify(event.data)}::jsonb,
      ${event.occurredAt.toISOString()}::timestamptz, ${event.onlyEndpointId ?? null}::int
    ${wanted}
    returning msg_id`)) as unknown as { rows: { msg_id: string }[] };
  return rows.length > 0 ? msgId : null;
}
