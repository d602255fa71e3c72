import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ApplicationDetail,
  applicationListBody,
  ApplicationListItem,
  ApplicationPage,
  ApplicationProgress,
} from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { beforeIdOf, containsPattern, pageOf } from '../../keyset.ts';
import { personNames } from '../user/index.ts';
import type { ApplicationRow } from './application-steps.service.ts';
import { ONBOARDING } from './onboarding.messages.ts';
import { applicationEvents, applications } from './onboarding.tables.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A `createdFrom` day starts at its midnight in Asia/Shanghai (UTC+8, no daylight saving). */
const fromBound = (value: string) => new Date(DAY.test(value) ? `${value}T00:00:00+08:00` : value);
/** A `createdTo` day includes the whole day: before the next day's midnight. */
const toBound = (value: string) =>
  DAY.test(value)
    ? lt(applications.createdAt, new Date(new Date(`${value}T00:00:00+08:00`).getTime() + 86_400_000))
    : lte(applications.createdAt, new Date(value));

function listItem(row: ApplicationRow, nameOf: (userId: number | null) => string | null): ApplicationListItem {
  return {
    applyNo: row.applyNo,
    status: row.status as ApplicationListItem['status'],
    type: row.subjectType as ApplicationListItem['type'],
    name: row.subjectName,
    shortName: row.subjectShortName,
    source: row.source as ApplicationListItem['source'],
    inviteNo: row.inviteNo,
    createdBy: nameOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    rejectReason: row.status === 'REJECTED' ? row.rejectReason : null,
    mchNo: row.mchNo,
  };
}

/** `POST /inco/list`: the organisation's applications, newest first. */
export async function listApplications(
  db: Tx,
  actor: Actor,
  filter: z.output<typeof applicationListBody>,
): Promise<ApplicationPage> {
  const { companyId } = requireMember(actor);
  const beforeId = beforeIdOf(filter.cursor);
  const conditions: (SQL | undefined)[] = [
    eq(applications.companyId, companyId),
    beforeId === undefined ? undefined : lt(applications.id, beforeId),
    filter.status?.length ? inArray(applications.status, filter.status) : undefined,
    filter.name
      ? or(
          ilike(applications.subjectName, containsPattern(filter.name)),
          ilike(applications.subjectShortName, containsPattern(filter.name)),
        )
      : undefined,
    filter.createdFrom ? gte(applications.createdAt, fromBound(filter.createdFrom)) : undefined,
    filter.createdTo ? toBound(filter.createdTo) : undefined,
  ];
  const rows = await db
    .select()
    .from(applications)
    .where(and(...conditions))
    .orderBy(desc(applications.id))
    .limit(filter.limit + 1);
  const nameOf = await personNames(
    db,
    rows.map((r) => r.createdBy),
  );
  return pageOf(rows, filter.limit, (row) => listItem(row, nameOf));
}

async function findApplication(db: Tx, companyId: number, applyNo: string): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.applyNo, applyNo), eq(applications.companyId, companyId)));
  if (!row) throw notFound(ONBOARDING.notFound);
  return row;
}

/** `GET /inco/detail`: the row and the application as saved. */
export async function applicationDetail(db: Tx, actor: Actor, applyNo: string): Promise<ApplicationDetail> {
  const { companyId } = requireMember(actor);
  const row = await findApplication(db, companyId, applyNo);
  return {
    ...listItem(row, await personNames(db, [row.createdBy])),
    application: row.draft,
    rejectFields: row.status === 'REJECTED' ? row.rejectFields : null,
  };
}

/**
 * An application's timeline, oldest first: the merchant's /audit-progress and the console's history. Only the
 * console names the operator who acted (the merchant sees the platform's decision, not who made it).
 */
export async function applicationTimeline(
  db: Tx,
  row: ApplicationRow,
  opts: { operatorNames: boolean },
): Promise<ApplicationProgress['events']> {
  const events = await db
    .select()
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, row.id))
    .orderBy(asc(applicationEvents.id));
  const nameOf = await personNames(
    db,
    events.map((e) => e.userId),
  );
  return events.map((e) => ({
    event: e.event as ApplicationProgress['events'][number]['event'],
    at: e.at.toISOString(),
    actor: e.actorKind as ApplicationProgress['events'][number]['actor'],
    by:
      e.actorKind === 'MEMBER' ? nameOf(e.userId) : e.actorKind === 'OPERATOR' && opts.operatorNames ? e.byName : null,
    reason: e.reason,
    fields: e.fields ?? null,
  }));
}

/** `GET /inco/progress`: the timeline, oldest first. */
export async function applicationProgress(db: Tx, actor: Actor, applyNo: string): Promise<ApplicationProgress> {
  const { companyId } = requireMember(actor);
  const row = await findApplication(db, companyId, applyNo);
  return {
    applyNo: row.applyNo,
    status: row.status as ApplicationProgress['status'],
    name: row.subjectName,
    mchNo: row.mchNo,
    events: await applicationTimeline(db, row, { operatorNames: false }),
    rejectFields: row.status === 'REJECTED' ? row.rejectFields : null,
  };
}

/**
 * The fileIds the applications' documents name, as a subquery: the uploads in use, which the upload module's
 * purge keeps (issue 25.10). A draft's documents are a jsonb array (or absent while the step is not filled in).
 */
export const documentFileIdsInUse = (): SQL => sql`
  select doc->>'fileId' from ${applications},
    jsonb_array_elements(case jsonb_typeof(${applications.draft}->'documents')
      when 'array' then ${applications.draft}->'documents' else '[]'::jsonb end) as doc
  where doc->>'fileId' is not null`;
