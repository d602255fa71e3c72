/**
 * Session state in localStorage under the seed's key names (S3.1). Setting a key to null (or undefined)
 * removes it, so "signed out" is the absence of keys rather than a stored "null".
 */
/** The signed-in user's data: cleared together when the session ends (sign-out, expiry, another sign-in). */
export const SESSION_KEYS = ['token', 'userInfo', 'menuData', 'buttonData', 'mchList', 'companyInfo'] as const;
/** S3.1: every key the app stores: the session's, and the breadcrumb list (cleared at start, S2.5). */
export const STORAGE_KEYS = [...SESSION_KEYS, 'breadRouteList'] as const;
/**
 * The operator console's session (/ops/, its own document): its own keys, so a merchant's and an operator's never
 * mix. Not in STORAGE_KEYS, which are the portal's.
 */
export const OPS_SESSION_KEYS = ['opsToken', 'opsOperator'] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number] | (typeof OPS_SESSION_KEYS)[number];

/** Not part of the seed's session: the chosen language survives sign-out. */
export const LANGUAGE_KEY = 'language';

type Listener = (key: string) => void;
const listeners = new Set<Listener>();

/** Called with the key whenever a value changes here or in another tab. */
export function onStorageChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => e.key && listeners.forEach((l) => l(e.key!)));
}

export function setItem(key: StorageKey | typeof LANGUAGE_KEY, value: unknown): void {
  if (value === null || value === undefined) localStorage.removeItem(key);
  else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  listeners.forEach((l) => l(key));
}

/** The raw string (the token is stored as is). */
export function getString(key: StorageKey | typeof LANGUAGE_KEY): string | null {
  return localStorage.getItem(key);
}

/** A JSON value, or null when absent or unreadable (a corrupted entry must not break the app). */
export function getJson<T>(key: StorageKey): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function removeItems(keys: readonly StorageKey[]): void {
  keys.forEach((k) => setItem(k, null));
}
