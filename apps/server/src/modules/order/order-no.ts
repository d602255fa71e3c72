import crypto from 'node:crypto';
import { compactTime } from '../../business-day.ts';

/** `P` (order) or `R` (refund), the time yyyyMMddHHmmss in Asia/Shanghai and 6 random digits. */
export function businessNo(prefix: 'P' | 'R', now = new Date()): string {
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
