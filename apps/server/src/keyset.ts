import { invalid } from './errors.ts';
import { M } from './i18n/messages.ts';

/**
 * Keyset pages of the business lists (`{rows, nextCursor, hasMore}`), newest first by id: the cursor is the id
 * of the last row of the previous page. Ids are not secrets (every query is scoped by organisation).
 */
export function beforeIdOf(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^[1-9]\d{0,9}$/.test(cursor) || Number(cursor) > 2_147_483_647) throw invalid(M.badListCursor);
  return Number(cursor);
}

/** A page from `limit + 1` rows fetched in order: the extra row only tells that another page follows. */
export function pageOf<R extends { id: number }, T>(rows: R[], limit: number, toRow: (row: R) => T) {
  const hasMore = rows.length > limit;
  const kept = rows.slice(0, limit);
  return { rows: kept.map(toRow), nextCursor: hasMore ? String(kept.at(-1)!.id) : null, hasMore };
}

/** `%` and `_` typed by a user match themselves in an ILIKE pattern. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
