import { and, asc, eq, gt, ilike, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { SplitStatus } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { afterTimeCursor, containsPattern, timeCursorOf } from '../../keyset.ts';
import { SPLIT } from './split.messages.ts';
import { view } from './split.service.ts';
import { splitApplications } from './split.tables.ts';

// The operator console's work queue of profit-sharing applications (issue 28): every organisation's, oldest
// first, with assignment. Decisions are reviewSplit's, the same as the command line's and the sandbox's.

export interface SplitQueueFilter {
  status?: SplitStatus[] | undefined;
  assignee?: 'me' | 'nobody' | undefined;
  minAgeHours?: number | undefined;
  q?: string | undefined;
  /** Merchants whose number or name matched `q` (looked up by the caller). */
  merchantIds?: number[] | undefined;
  cursor?: string | undefined;
  limit: number;
}

export async function splitQueue(db: Tx, operatorId: number, f: SplitQueueFilter, now = new Date()) {
  const cursor = afterTimeCursor(f.cursor);
  const after =
    cursor &&
    or(
      gt(splitApplications.createdAt, cursor.at),
      and(eq(splitApplications.createdAt, cursor.at), gt(splitApplications.id, cursor.id)),
    );
  const rows = await db
    .select()
    .from(splitApplications)
    .where(
      and(
        inArray(splitApplications.status, f.status?.length ? f.status : ['SUBMITTED']),
        f.assignee === 'me' ? eq(splitApplications.assignedTo, operatorId) : undefined,
        f.assignee === 'nobody' ? isNull(splitApplications.assignedTo) : undefined,
        f.minAgeHours
          ? lte(splitApplications.createdAt, new Date(now.getTime() - f.minAgeHours * 3600_000))
          : undefined,
        f.q
          ? or(
              ilike(splitApplications.applyNo, containsPattern(f.q)),
              f.merchantIds?.length ? inArray(splitApplications.merchantId, f.merchantIds) : undefined,
            )
          : undefined,
        after,
      ),
    )
    .orderBy(asc(splitApplications.createdAt), asc(splitApplications.id))
    .limit(f.limit + 1);
  const hasMore = rows.length > f.limit;
  const kept = rows.slice(0, f.limit);
  const shown = await view(db, kept);
  const last = kept.at(-1);
  return {
    rows: kept.map((r) => ({ row: r, item: shown(r) })),
    nextCursor: hasMore && last ? timeCursorOf(last.createdAt, last.id) : null,
    hasMore,
  };
}

/** One application for the console: the row and the portal's view of it. */
export async function splitForOps(db: Tx, applyNo: string) {
  const [row] = await db.select().from(splitApplications).where(eq(splitApplications.applyNo, applyNo));
  if (!row) throw notFound(SPLIT.notFound);
  return { row, item: (await view(db, [row]))(row) };
}

/** Take an application (`operatorId`) or put it back (null); answers the row before and after. */
export async function assignSplit(tx: Tx, applyNo: string, operatorId: number | null) {
  const [before] = await tx
    .select()
    .from(splitApplications)
    .where(eq(splitApplications.applyNo, applyNo))
    .for('update');
  if (!before) throw notFound(SPLIT.notFound);
  const [after] = await tx
    .update(splitApplications)
    .set({ assignedTo: operatorId, assignedAt: operatorId === null ? null : new Date() })
    .where(eq(splitApplications.id, before.id))
    .returning();
  return { before, after: after! };
}

/** The queue's size and the longest wait (the console's overview). */
export async function splitQueueAge(db: Tx, now = new Date()) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${splitApplications.createdAt})` })
    .from(splitApplications)
    .where(eq(splitApplications.status, 'SUBMITTED'));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    waiting: row?.n ?? 0,
    oldestAgeSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : 0,
  };
}
