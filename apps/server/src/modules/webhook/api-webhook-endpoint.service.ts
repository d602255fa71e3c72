import type {
  V1WebhookEndpoint,
  V1WebhookEndpointPage,
  V1WebhookEndpointWithSecret,
  WebhookEndpoint,
  WebhookEventType,
} from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { merchantIdsByNumber } from '../merchant/index.ts';
import {
  createEndpointWithSecret,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  updateEndpoint,
} from './webhook-endpoint.service.ts';
import { WEBHOOK } from './webhook.messages.ts';

/*
 * Webhook endpoints through the merchant API (/api/v1/webhook_endpoints, scope `webhooks:manage`): the portal's
 * service with the API key as its actor, so the same rules hold (the key's merchants, the 20 endpoints, the SSRF
 * check, the audit log). What is the API's own: merchants named by number, and the secret in the answer to a
 * create and a rotation.
 */

/** An endpoint in the merchant API's words: its merchants by number (the response schema keeps only its fields). */
const apiView = ({ merchantIds, merchants, ...endpoint }: WebhookEndpoint): V1WebhookEndpoint => ({
  ...endpoint,
  mchNos: merchantIds === null ? null : merchants.map((m) => m.mchNo),
});

/**
 * The ids of the merchants named, among those the key may act for. A number it may not act for is not found, as a
 * payment's merchant is (another organisation's and its own others alike); the service checks the ids again.
 */
async function merchantIdsNamed(db: Db, actor: Actor, mchNos: string[] | null): Promise<number[] | null> {
  if (mchNos === null) return null;
  const me = requireMember(actor);
  const ids = await merchantIdsByNumber(db, me.companyId, mchNos, me.merchantIds);
  const missing = mchNos.filter((n) => !ids.has(n));
  if (missing.length > 0) throw notFound(WEBHOOK.merchantsNotFound(missing));
  return mchNos.map((n) => ids.get(n)!);
}

export async function apiWebhookEndpoints(db: Db, actor: Actor): Promise<V1WebhookEndpointPage> {
  return { rows: (await listEndpoints(db, actor)).map(apiView), nextCursor: null, hasMore: false };
}

export async function apiWebhookEndpoint(db: Db, actor: Actor, id: number): Promise<V1WebhookEndpoint> {
  return apiView(await getEndpoint(db, actor, id));
}

export async function apiCreateEndpoint(
  db: Db,
  actor: Actor,
  input: { url: string; description: string; eventTypes: WebhookEventType[]; mchNos: string[] | null },
  allowPrivate: boolean,
): Promise<V1WebhookEndpointWithSecret> {
  const { mchNos, ...fields } = input;
  const merchantIds = await merchantIdsNamed(db, actor, mchNos);
  const { endpoint, secret } = await createEndpointWithSecret(db, actor, { ...fields, merchantIds }, allowPrivate);
  return { ...apiView(endpoint), secret };
}

/** The fields sent change; the others stay (the service reads them under the endpoint's lock). */
export async function apiUpdateEndpoint(
  db: Db,
  actor: Actor,
  id: number,
  input: {
    url?: string | undefined;
    description?: string | undefined;
    eventTypes?: WebhookEventType[] | undefined;
    mchNos?: string[] | null | undefined;
    enabled?: boolean | undefined;
  },
  allowPrivate: boolean,
): Promise<V1WebhookEndpoint> {
  const { mchNos, ...fields } = input;
  const merchantIds = mchNos === undefined ? undefined : await merchantIdsNamed(db, actor, mchNos);
  return apiView(await updateEndpoint(db, actor, { ...fields, id, merchantIds }, allowPrivate));
}

/** A new secret, answered with the endpoint (its `previousSecretUntil` says until when the old one signs too). */
export async function apiRotateSecret(db: Db, actor: Actor, id: number): Promise<V1WebhookEndpointWithSecret> {
  const { secret } = await rotateSecret(db, actor, id);
  return { ...apiView(await getEndpoint(db, actor, id)), secret };
}
