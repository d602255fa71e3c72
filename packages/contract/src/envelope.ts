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

/** The most rows one page of a business list carries (PRODUCT.md, "Fixed shapes of the business calls"). */
export const PAGE_LIMIT_MAX = 100;
/**
 * The paging fields of a business list's body, to spread into its filter: `z.strictObject({...filter,
 * ...pageFields})`. `cursor` is opaque: send back the previous page's `nextCursor`, or nothing for the first page.
 */
export const pageFields = {
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(PAGE_LIMIT_MAX).default(20),
};
/** A page of a business list: `{rows, nextCursor, hasMore}`; `nextCursor` is null exactly when `hasMore` is false. */
export function page<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), nextCursor: z.string().nullable(), hasMore: z.boolean() });
}

/**
 * A list filter "any of these values": `status: anyOf(APPLY_STATUSES).optional()`. Absent or empty: no filter.
 * A value may appear once.
 */
export function anyOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .array(z.enum(values))
    .max(values.length)
    .refine((list) => new Set(list).size === list.length, 'must not repeat a value');
}
