import { z } from 'zod';
import { memberMerchantIds, namedMerchants } from '../staff/schemas.ts';
import { bigId, bigQueryId, id, queryId } from '../validation.ts';

/**
 * Webhooks (issue 30): an organisation's endpoints, signed per the Standard Webhooks specification, and what was
 * delivered to them. Delivery: PENDING -> SUCCEEDED | FAILED (every try of the schedule used up).
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.closed',
  'refund.succeeded',
  'refund.failed',
  'settlement.settled',
  'transfer.succeeded',
  'transfer.failed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The fields of an endpoint, shared by the portal's calls and the merchant API's (/api/v1/webhook_endpoints). */
export const webhookUrl = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without a user or password');
export const webhookEventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'choose at least one event type')
  .refine((a) => new Set(a).size === a.length, 'names an event type twice');
export const webhookDescription = z.string().trim().max(100, 'must be at most 100 characters');

export const webhookEndpointCreateBody = z.strictObject({
  url: webhookUrl,
  description: webhookDescription.default(''),
  eventTypes: webhookEventTypes,
  /**
   * The merchants whose events it receives: 1 to 200 of the organisation's; null or left out, every merchant, those
   * added later included. A member limited to some merchants names some of theirs.
   */
  merchantIds: memberMerchantIds.default(null),
});
export const webhookEndpointUpdateBody = z.strictObject({
  id,
  url: webhookUrl,
  description: webhookDescription.default(''),
  eventTypes: webhookEventTypes,
  enabled: z.boolean(),
  /** As at creation; left out, unchanged. */
  merchantIds: memberMerchantIds.optional(),
});
export const webhookEndpointIdBody = z.strictObject({ id });
export const webhookTestBody = z.strictObject({ id, type: z.enum(WEBHOOK_EVENT_TYPES) });

export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  /** The merchants whose events it receives; null: every merchant of the organisation, later ones included. */
  merchantIds: z.array(z.number().int()).nullable(),
  /** Number and name of merchantIds (for the card). */
  merchants: namedMerchants,
  enabled: z.boolean(),
  /** Why the platform turned it off (deliveries failing for 3 days), in the caller's language. */
  disabledReason: z.string().nullable(),
  /** Until when the secret before the last rotation still signs (both signatures are sent); null: none. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookSecret = z.object({ id: z.number().int(), secret: z.string() });

export const webhookAttempt = z.object({
  attemptNo: z.number().int(),
  scheduledAt: z.string(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  url: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  requestBody: z.string(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
  id: z.number().int(),
  msgId: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  tries: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveriesQuery = z.strictObject({
  endpointId: queryId,
  /** The page after this delivery id (newest first). */
  before: bigQueryId.optional(),
});
export const webhookDeliveryPage = z.object({ list: z.array(webhookDelivery), more: z.boolean() });
export const webhookResendBody = z.strictObject({ deliveryId: bigId });
