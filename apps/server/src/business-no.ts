import crypto from 'node:crypto';
import { compactTime } from './business-day.ts';
import { isUniqueViolation } from './errors.ts';

/** `P` (order), `R` (refund) or `T` (transfer), the time yyyyMMddHHmmss in Asia/Shanghai and 6 random digits. */
export function businessNo(prefix: 'P' | 'R' | 'T', now = new Date()): string {
  return `${prefix}${compactTime(now, 'Asia/Shanghai')}${String(crypto.randomInt(1_000_000)).padStart(6, '0')}`;
}

/** A stable fingerprint of a request body, to tell a retry (same body) from a reused key (another body). */
export function requestHash(body: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(body)
      .sort()
      .map((k) => [k, body[k]]),
  );
  return crypto.createHash('sha256').update(canonical).digest('base64url');
}

/**
 * Make something with a fresh number, once. A unique violation means either the same request raced in (the
 * idempotency key: `sameRequest` finds and answers it) or two numbers drawn in the same second clashed (drawn
 * again: about once a second at 2 000 a second). Other errors pass through.
 */
export async function createOnce<T>(create: () => Promise<T>, sameRequest: () => Promise<T | null>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const raced = await sameRequest();
      if (raced) return raced;
      if (attempt === 3) throw err;
    }
  }
}
