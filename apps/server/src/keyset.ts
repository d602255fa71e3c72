import { ID_MAX } from '@mchweb/contract';
import { invalid } from './errors.ts';
import { M } from './i18n/messages.ts';

/**
 * Keyset pages of the business lists (`{rows, nextCursor, hasMore}`), newest first by id: the cursor is the id
 * of the last row of the previous page. Ids are not secrets (every query is scoped by organisation). A cursor
 * past the table's ids (`max`: 32 bits, or `BIG_ID_MAX` for a bigint table such as orders) is refused here, not by
 * the database.
 */
export function beforeIdOf(cursor: string | undefined, max = ID_MAX, refusal = M.badListCursor): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^[1-9]\d{0,15}$/.test(cursor) || Number(cursor) > max) throw invalid(refusal);
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

/**
 * Keyset pages oldest first by a time and the id (the console's work queues: the longest wait on top): the cursor
 * is `<ms>_<id>` of the last row of the previous page. Answers the position after which the next page starts.
 */
export function afterTimeCursor(cursor: string | undefined): { at: Date; id: number } | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const match = /^(\d{1,15})_([1-9]\d{0,9})$/.exec(cursor);
  // The id is a 32-bit one (the queues' tables): a larger one would reach PostgreSQL and be refused there.
  if (!match || Number(match[2]) > ID_MAX) throw invalid(M.badListCursor);
  return { at: new Date(Number(match[1])), id: Number(match[2]) };
}
export const timeCursorOf = (at: Date, id: number) => `${at.getTime()}_${id}`;

/**
 * Every row a job has to handle, a page at a time by id (`page(afterId)` answers at most `limit` rows, ordered by
 * id): a job that read only a first page would leave the rest waiting for as long as more than a page waits.
 * `stopped` (the process is stopping) ends it after the page in hand.
 */
export async function forEachPage<R extends { id: number }>(
  limit: number,
  page: (afterId: number) => Promise<R[]>,
  handle: (row: R) => Promise<void>,
  stopped?: () => boolean,
): Promise<void> {
  for (let afterId = 0; ;) {
    const rows = await page(afterId);
    for (const row of rows) await handle(row);
    if (rows.length < limit || stopped?.()) return;
    afterId = rows.at(-1)!.id;
  }
}
