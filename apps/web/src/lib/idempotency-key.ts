/**
 * A fresh idempotency key (a UUID). `crypto.randomUUID` exists only in secure contexts (https, localhost): a
 * cashier opened over plain http on a shop's network falls back to 16 random bytes in hex.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
