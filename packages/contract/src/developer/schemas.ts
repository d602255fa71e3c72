import { z } from 'zod';
import { memberMerchantIds, namedMerchants } from '../staff/schemas.ts';
import { API_KEY_SCOPES } from './scopes.ts';

export const apiKeyStatus = z.enum(['ACTIVE', 'REVOKED']);

/** One API key as the portal lists it: never its secret. */
export const apiKey = z.object({
  keyId: z.string(),
  /** What a person may see of the key: `mk_live_<keyId>` (the secret follows it in the real key). */
  prefix: z.string(),
  mode: z.enum(['live', 'test']),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The merchants it may act for; null: every merchant of the organisation, those added later included. */
  merchantIds: z.array(z.number().int()).nullable(),
  /** Number and name of merchantIds (for the table). */
  merchants: namedMerchants,
  status: apiKeyStatus,
  createdAt: z.string(),
  /** Who created it (name or mobile of the member). */
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

/** `POST /developer/key/create`. */
export const createApiKeyBody = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, 'must name at least 1 scope')
    .refine((s) => new Set(s).size === s.length, 'must not name a scope twice'),
  /** Null: every merchant of the organisation; else 1 to 200 of its merchants. */
  merchantIds: memberMerchantIds,
});
/** The created key and, this once, its whole secret value. */
export const createdApiKey = z.object({ key: apiKey, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

/** `POST /developer/key/revoke`: from now on the key is refused; revoking a revoked key answers it as it is. */
export const revokeApiKeyBody = z.strictObject({ keyId: z.string().min(1).max(40) });
