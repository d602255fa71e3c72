import { z } from 'zod';
import { page } from '../envelope.ts';
import { mchNo } from '../merchant/schemas.ts';
import { merchantLimit } from '../staff/schemas.ts';
import { id, instant } from '../validation.ts';
import { webhookDescription, webhookEventTypes, webhookUrl } from '../webhook/schemas.ts';

/*
 * The merchant API's webhook endpoints (/api/v1/webhook_endpoints, scope `webhooks:manage`): the portal's endpoints
 * (webhook/schemas.ts) with the same fields and rules, except that merchants are named by number, as everywhere
 * in /api/v1.
 */

/**
 * The merchants whose events an endpoint receives, by number: 1 to 200 of the key's, each once; null, every
 * merchant of the organisation, those added later included (only for a key that may act for every merchant).
 */
const endpointMchNos = merchantLimit(mchNo);

/** `POST /api/v1/webhook_endpoints`. */
export const createWebhookEndpointBody = z.strictObject({
  url: webhookUrl,
  description: webhookDescription.default(''),
  eventTypes: webhookEventTypes,
  mchNos: endpointMchNos.default(null),
});
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointBody>;

/** `POST /api/v1/webhook_endpoints/:id`: the fields to change; a field left out stays as it is. */
export const updateWebhookEndpointBody = z.strictObject({
  url: webhookUrl.optional(),
  description: webhookDescription.optional(),
  eventTypes: webhookEventTypes.optional(),
  mchNos: endpointMchNos.optional(),
  /** false turns it off (nothing is sent to it); true turns it on again, also after the platform turned it off. */
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointBody = z.input<typeof updateWebhookEndpointBody>;

/** An endpoint's id in a path (the id the portal shows too), in the range of every 32-bit id (`id`). */
export const webhookEndpointParams = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'must be the id of a webhook endpoint, like 12')
    .transform(Number)
    .pipe(id),
});

/** A webhook endpoint as the merchant API answers it (never its secret, except when it is made or rotated). */
export const v1WebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  mchNos: z.array(z.string()).nullable(),
  enabled: z.boolean(),
  /** Why the platform turned it off (every try of a delivery failed for 3 days), for people; null otherwise. */
  disabledReason: z.string().nullable(),
  /** Until when the secret before the last rotation still signs too (two signatures are sent); null: none. */
  previousSecretUntil: instant.nullable(),
  createdAt: instant,
});
export type V1WebhookEndpoint = z.infer<typeof v1WebhookEndpoint>;

/** A new endpoint, or one whose secret was just rotated, with the `whsec_...` secret that signs its requests. */
export const v1WebhookEndpointWithSecret = v1WebhookEndpoint.extend({ secret: z.string() });
export type V1WebhookEndpointWithSecret = z.infer<typeof v1WebhookEndpointWithSecret>;

/** Every endpoint the key sees, at most 20, in one page (the shape of the API's other lists). */
export const v1WebhookEndpointPage = page(v1WebhookEndpoint);
export type V1WebhookEndpointPage = z.infer<typeof v1WebhookEndpointPage>;
