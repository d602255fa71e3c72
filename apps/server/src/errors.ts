import { Code, type Envelope } from '@mchweb/contract';
import { M } from './i18n/messages.ts';
import type { Text } from './i18n/text.ts';

/**
 * A business or validation refusal: HTTP 200 with a code other than 200 and a message a person can act on, in
 * both languages (the answer carries the caller's; the English one is the error's message, for the log).
 * Services throw these; the envelope plugin turns them into answers. Nothing here knows HTTP requests.
 */
export class BizError extends Error {
  constructor(
    readonly code: number,
    readonly text: Text,
  ) {
    super(text['en-US']);
  }
}
export const invalid = (msg: Text) => new BizError(Code.INVALID, msg);
export const notFound = (msg: Text) => new BizError(Code.NOT_FOUND, msg);
export const forbidden = (msg: Text = M.roleForbids) => new BizError(Code.FORBIDDEN, msg);
export const conflict = (msg: Text) => new BizError(Code.CONFLICT, msg);

/** PostgreSQL's unique_violation: two requests raced past a duplicate check, and the database kept one. */
export const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** HTTP statuses that are not 200 (PRODUCT.md, API conventions). */
const HTTP_STATUS: Partial<Record<number, number>> = {
  [Code.UNAUTHORIZED]: 401,
  [Code.SESSION_REPLACED]: 401,
  [Code.SERVER_ERROR]: 500,
  [Code.UNAVAILABLE]: 503,
};

export function envelope<T>(code: number, msg: string, data: T): Envelope<T> {
  return { status: HTTP_STATUS[code] ?? 200, code, msg, message: msg, data };
}
export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return envelope(Code.OK, msg, data);
}

/** What `ok(data)` writes before its data (data last), written once. */
const OK_HEAD = JSON.stringify(ok(null)).slice(0, -'null}'.length);

/** `ok(data)` as JSON text, where `data` is JSON text already (written by the database). */
export function okJsonText(data: string): string {
  return `${OK_HEAD}${data}}`;
}
