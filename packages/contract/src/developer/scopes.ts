/**
 * What a merchant API key may do (issue 30), declared without zod so the web app may import the values. A key
 * holds some of these; every /api/v1 call names the one it needs.
 */
export const API_KEY_SCOPES = [
  'orders:read',
  'orders:write',
  'refunds:write',
  'settlements:read',
  'webhooks:manage',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export function isApiKeyScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value);
}

/**
 * A key reads `mk_live_<keyId>_<secret>` (`mk_test_` on a sandbox server): `keyId` (12 base62 characters) names
 * the key and may be shown, `secret` (43 base62 characters, 256 bits) is shown once and stored only hashed.
 */
export const API_KEY_PREFIX = { live: 'mk_live_', test: 'mk_test_' } as const;
export type ApiKeyMode = keyof typeof API_KEY_PREFIX;

/** The most keys one organisation may hold at once (revoked ones do not count). */
export const API_KEYS_MAX = 50;
