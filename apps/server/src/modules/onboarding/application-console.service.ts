import { and, asc, eq, gt, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { DOC_KINDS, type ApplyStatus, type DocKind } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { afterTimeCursor, containsPattern, timeCursorOf } from '../../keyset.ts';
import { describeUploads } from '../upload/index.ts';
import { applicationTimeline } from './application-query.service.ts';
import type { ApplicationRow } from './application-steps.service.ts';
import { ONBOARDING } from './onboarding.messages.ts';
import { applicationEvents, applications } from './onboarding.tables.ts';

// The operator console's work queue of onboarding applications (issue 28): every organisation's, oldest waiting
// first, with assignment. The decisions themselves are review.service.ts's, the same as the command line's.

export interface QueueFilter {
  status?: ApplyStatus[] | undefined;
  /** `me` or `nobody`, with the operator asking. */
  assignee?: 'me' | 'nobody' | undefined;
  minAgeHours?: number | undefined;
  q?: string | undefined;
  /** Organisations whose name matched `q` (looked up by the caller). */
  companyIds?: number[] | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** Rows after the cursor's position, oldest first by `since` and id. */
function afterCursor(cursor: string | undefined, since: SQL, id: typeof applications.id): SQL | undefined {
  const after = afterTimeCursor(cursor);
  return after && or(sql`${since} > ${after.at}`, and(sql`${since} = ${after.at}`, gt(id, after.id)));
}

/** Queue rows, oldest submission first: the row, when it began waiting and how many times it was submitted. */
export async function applicationQueue(db: Tx, operatorId: number, f: QueueFilter, now = new Date()) {
  const since = sql<Date>`coalesce(${applications.submittedAt}, ${applications.createdAt})`;
  const conditions: (SQL | undefined)[] = [
    inArray(applications.status, f.status?.length ? f.status : ['SUBMITTED', 'AUDITING']),
    f.assignee === 'me' ? eq(applications.assignedTo, operatorId) : undefined,
    f.assignee === 'nobody' ? isNull(applications.assignedTo) : undefined,
    f.minAgeHours ? lte(since, new Date(now.getTime() - f.minAgeHours * 3600_000)) : undefined,
    f.q
      ? or(
          ilike(applications.applyNo, containsPattern(f.q)),
          ilike(applications.subjectName, containsPattern(f.q)),
          ilike(applications.subjectShortName, containsPattern(f.q)),
          f.companyIds?.length ? inArray(applications.companyId, f.companyIds) : undefined,
        )
      : undefined,
    afterCursor(f.cursor, since, applications.id),
  ];
  const submissions = sql<number>`(select count(*)::int from ${applicationEvents}
    where ${applicationEvents.applicationId} = ${applications.id}
      and ${applicationEvents.event} in ('SUBMITTED', 'RESUBMITTED'))`;
  const rows = await db
    .select({ row: applications, waitingSince: since, submissions })
    .from(applications)
    .where(and(...conditions))
    .orderBy(asc(since), asc(applications.id))
    .limit(f.limit + 1);
  const hasMore = rows.length > f.limit;
  const kept = rows.slice(0, f.limit).map((r) => ({ ...r, waitingSince: new Date(r.waitingSince) }));
  return {
    rows: kept.map((r) => ({ ...r.row, submissions: r.submissions })),
    nextCursor: hasMore ? timeCursorOf(kept.at(-1)!.waitingSince, kept.at(-1)!.row.id) : null,
    hasMore,
  };
}

export async function findApplicationByNo(db: Tx, applyNo: string): Promise<ApplicationRow> {
  const [row] = await db.select().from(applications).where(eq(applications.applyNo, applyNo));
  if (!row) throw notFound(ONBOARDING.notFound);
  return row;
}

/** Take an application (`operatorId`) or put it back (null); answers the row before and after. */
export async function assignApplication(tx: Tx, _actor: Actor, applyNo: string, operatorId: number | null) {
  const [before] = await tx.select().from(applications).where(eq(applications.applyNo, applyNo)).for('update');
  if (!before) throw notFound(ONBOARDING.notFound);
  const [after] = await tx
    .update(applications)
    .set({ assignedTo: operatorId, assignedAt: operatorId === null ? null : new Date() })
    .where(eq(applications.id, before.id))
    .returning();
  return { before, after: after! };
}

/** Everything a reviewer needs of one application: the row, its documents' files and its timeline. */
export async function applicationForReview(db: Tx, applyNo: string) {
  const row = await findApplicationByNo(db, applyNo);
  const documents = row.draft.documents ?? [];
  const uploads = await describeUploads(
    db,
    documents.map((d) => d.fileId),
  );
  const order = (kind: DocKind) => DOC_KINDS.indexOf(kind);
  return {
    row,
    documents: documents
      .filter((d) => uploads.get(d.fileId)?.companyId === row.companyId)
      .sort((a, b) => order(a.kind) - order(b.kind))
      .map((d) => ({ kind: d.kind, meta: uploads.get(d.fileId)! })),
    history: await applicationTimeline(db, row, { operatorNames: true }),
  };
}

/** Whether `fileId` is a document of the application (the console serves only those). */
export function isDocumentOf(row: ApplicationRow, fileId: string): boolean {
  return (row.draft.documents ?? []).some((d) => d.fileId === fileId);
}

/** The queue's size and the longest wait (the console's overview). */
export async function applicationQueueAge(db: Tx, now = new Date()) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${applications.submittedAt})` })
    .from(applications)
    .where(inArray(applications.status, ['SUBMITTED', 'AUDITING']));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    waiting: row?.n ?? 0,
    oldestAgeSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : 0,
  };
}
