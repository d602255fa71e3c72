import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../company/company.tables.ts';

/**
 * An organisation's webhook endpoint: where its events are POSTed, signed with its secret (Standard Webhooks).
 * After a rotation the previous secret also signs until `previousSecretUntil` (24 hours).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types sent to it (order.paid, ...). */
    eventTypes: text('event_types').array().notNull(),
    /** Only these merchants' events; null: every merchant of the organisation. */
    merchantIds: integer('merchant_ids').array(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was turned off by the platform (deliveries failing for 3 days), both languages; null when by a person. */
    disabledReason: text('disabled_reason'),
    /** `whsec_` + base64 of 24 random bytes. */
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_company_idx').on(t.companyId, t.id)],
);

/**
 * The outbox: one row per event, written in the transaction of the change it tells about. The dispatcher turns
 * each into one delivery per endpoint that wants it (and a job on the queue) and stamps `dispatchedAt`.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The `webhook-id` header: `msg_` + 26 random base32 characters, the same on every try and every endpoint. */
    msgId: text('msg_id').notNull().unique(),
    companyId: integer('company_id').notNull(),
    /** The merchant the event is about (null: the organisation's own, or a test event). */
    merchantId: integer('merchant_id'),
    type: text('type').notNull(),
    /** The body's `data`. */
    data: jsonb('data').notNull(),
    /** A test event goes to this endpoint only. */
    onlyEndpointId: integer('only_endpoint_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    // The dispatcher's work list stays as small as what is waiting.
    index('webhook_events_waiting_idx')
      .on(t.id)
      .where(sql`dispatched_at is null`),
  ],
);

/** One event to one endpoint: PENDING (tries left) -> SUCCEEDED | FAILED (retries used up). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    companyId: integer('company_id').notNull(),
    status: text('status').notNull().default('PENDING'),
    /** Tries made so far (the schedule's, not counting resends). */
    attempts: integer('attempts').notNull().default(0),
    /** When the next scheduled try is due; null once finished. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_idx').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id.desc()),
  ],
);

/** Every try of a delivery: what was sent and what came back. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id),
    /** 1, 2, ... for the schedule's tries; 0 for a resend by a person. */
    attemptNo: integer('attempt_no').notNull(),
    /** When the schedule meant it to go (the previous try's end plus the schedule's pause). */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    url: text('url').notNull(),
    requestHeaders: jsonb('request_headers').notNull(),
    requestBody: text('request_body').notNull(),
    /** null: no answer (refused, timed out, address not allowed). */
    responseStatus: integer('response_status'),
    /** The answer's first 4 KB. */
    responseBody: text('response_body'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
