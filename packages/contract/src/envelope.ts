import { z } from 'zod';

/** Envelope codes. HTTP status is 200 for every code here except 401/407 (HTTP 401), 500 and 503. */
export const Code = {
  OK: 200,
  /** Bad input: malformed body, wrong type, missing or unknown field. */
  INVALID: 400,
  /** Not signed in, session expired or revoked (HTTP 401). */
  UNAUTHORIZED: 401,
  /** The member's role lacks the permission; also a failed XSRF check. HTTP 200 so the client only toasts. */
  FORBIDDEN: 403,
  /** The object does not exist, or belongs to another organisation. */
  NOT_FOUND: 404,
  /** A state conflict: already registered, already a member, last owner, ... */
  CONFLICT: 409,
  /** Body larger than the limit. */
  TOO_LARGE: 413,
  /** Wrong content type. */
  UNSUPPORTED_MEDIA: 415,
  /** Too many attempts; msg says when to try again. */
  TOO_MANY: 429,
  /** The session was ended because the password changed or the account signed in elsewhere (HTTP 401). */
  SESSION_REPLACED: 407,
  SERVER_ERROR: 500,
  /** A dependency (database) is down (HTTP 503, status 503). */
  UNAVAILABLE: 503,
  /** Company code: the user's membership in the current organisation is disabled. */
  MEMBER_DISABLED: 8091012,
  /** Company code: the organisation is frozen or closed; signing in again will not help. */
  COMPANY_BLOCKED: 8091033,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

export interface Envelope<T = unknown> {
  status: number;
  code: number;
  msg: string;
  message: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.number().int(),
    code: z.number().int(),
    msg: z.string(),
    message: z.string(),
    data,
  });
}

/** Keyset pagination: pass `nextCursor` back as `cursor` while `hasMore` is true. */
export const pageQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable(), hasMore: z.boolean() });
}
