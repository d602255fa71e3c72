import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  canMoveApply,
  completeApplication,
  type ApplyStatus,
  type ApplicationDraft,
  type ApplicationEvent,
  type APPLICATION_ACTORS,
  type FieldReason,
} from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { conflict, invalid } from '../../errors.ts';
import { describeIssues } from '../../i18n/validation-messages.ts';
import { text, type Text } from '../../i18n/text.ts';
import { recordAudit } from '../audit/index.ts';
import { ONBOARDING } from './onboarding.messages.ts';
import { applicationEvents, applications, invitations } from './onboarding.tables.ts';
import { describeUploads } from '../upload/index.ts';

// The steps of an application that members (portal) and invited merchants (public page) share: create, edit,
// submit, each with its timeline event and audit entry, in the caller's transaction.

export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationActor = (typeof APPLICATION_ACTORS)[number];

/** The timeline's actor: a member, the invited merchant (no account), the operator's command line, the system. */
export function actorKind(actor: Actor): ApplicationActor {
  if (actor.kind === 'user') return 'MEMBER';
  if (actor.kind === 'anonymous') return 'INVITEE';
  // The command line ('ops') and the console's operators ('ops:<username>').
  return actor.system === 'ops' || actor.system?.startsWith('ops:') ? 'OPERATOR' : 'SYSTEM';
}

/** `A`, the time yyyyMMddHHmmss in Asia/Shanghai (UTC+8, no daylight saving) and 6 random digits. */
export function newApplyNo(now = new Date()): string {
  const shanghai = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `A${shanghai}${String(crypto.randomInt(1_000_000)).padStart(6, '0')}`;
}

/** The subject's names and type, copied into columns the list filters on. */
const subjectColumns = (draft: ApplicationDraft) => ({
  subjectType: draft.subject?.type ?? null,
  subjectName: draft.subject?.name ?? null,
  subjectShortName: draft.subject?.shortName ?? null,
});

export async function recordEvent(
  tx: Tx,
  actor: Actor,
  applicationId: number,
  event: ApplicationEvent,
  reason: string | null = null,
  at?: Date,
  fields: FieldReason[] | null = null,
) {
  await tx.insert(applicationEvents).values({
    applicationId,
    event,
    actorKind: actorKind(actor),
    userId: actor.userId,
    reason,
    fields,
    byName: actor.operator?.name ?? null,
    ...(at && { at }),
  });
}

/** An audit entry of an application's step, in the application's organisation (the actor may have none). */
export async function auditStep(
  tx: Tx,
  actor: Actor,
  row: ApplicationRow,
  action: 'create' | 'save' | 'submit' | 'resubmit' | 'audit' | 'approve' | 'reject' | 'cancel',
  detail = {},
) {
  await recordAudit(tx, actor, {
    action: `onboarding.${action}`,
    companyId: row.companyId,
    targetType: 'application',
    targetId: row.applyNo,
    detail: { name: row.subjectName, ...(row.inviteNo && { inviteNo: row.inviteNo }), ...detail },
  });
}

/**
 * Every document must be an upload of the application's organisation. An invited merchant may only use files
 * uploaded through its own invitation; a member may also use the organisation's own uploads.
 */
export async function checkDocuments(
  tx: Tx,
  owner: { companyId: number; inviteNo: string | null },
  documents: ApplicationDraft['documents'],
  invitee: boolean,
) {
  if (!documents?.length) return;
  const found = await describeUploads(
    tx,
    documents.map((d) => d.fileId),
  );
  const problems: Text[] = [];
  documents.forEach((doc, index) => {
    const file = found.get(doc.fileId);
    const ours =
      file !== undefined &&
      file.companyId === owner.companyId &&
      (invitee ? file.inviteNo === owner.inviteNo : file.inviteNo === null || file.inviteNo === owner.inviteNo);
    if (!ours) problems.push(ONBOARDING.unknownFile(`documents.${index}.fileId`));
  });
  if (problems.length > 0) {
    throw invalid(text(problems.map((p) => p['en-US']).join('; '), problems.map((p) => p['zh-CN']).join('; ')));
  }
}

/**
 * A new DRAFT with its CREATED event. With an idempotency key, a repeated first save (double click, retry)
 * finds the application the first one created: `created` is false and nothing else changes.
 */
export async function createApplication(
  tx: Tx,
  actor: Actor,
  input: {
    companyId: number;
    source: 'PORTAL' | 'INVITE';
    inviteNo: string | null;
    draft: ApplicationDraft;
    idempotencyKey: string | null;
  },
): Promise<{ row: ApplicationRow; created: boolean }> {
  for (let attempt = 0; ; attempt++) {
    const [row] = await tx
      .insert(applications)
      .values({
        applyNo: newApplyNo(),
        companyId: input.companyId,
        source: input.source,
        inviteNo: input.inviteNo,
        draft: input.draft,
        ...subjectColumns(input.draft),
        createdBy: actor.kind === 'user' ? actor.userId : null,
        idempotencyKey: input.idempotencyKey,
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await recordEvent(tx, actor, row.id, 'CREATED');
      await auditStep(tx, actor, row, 'create');
      return { row, created: true };
    }
    if (input.idempotencyKey !== null) {
      const [existing] = await tx
        .select()
        .from(applications)
        .where(and(eq(applications.companyId, input.companyId), eq(applications.idempotencyKey, input.idempotencyKey)))
        .for('update');
      if (existing) return { row: existing, created: false };
    }
    // Another application took this number in the same second (one chance in a million): draw again.
    if (attempt >= 3) throw new Error('could not draw a free application number');
  }
}

/** The application locked for a change; null when its organisation is not `companyId`. */
export async function lockApplication(tx: Tx, companyId: number | null, applyNo: string) {
  const [row] = await tx.select().from(applications).where(eq(applications.applyNo, applyNo)).for('update');
  return row && (companyId === null || row.companyId === companyId) ? row : null;
}

const statusOf = (row: ApplicationRow) => row.status as ApplyStatus;

/**
 * Replace the application of a DRAFT or REJECTED one. The timeline gets one SAVED per editing session: none
 * while the last event already is the creation or a save.
 */
export async function replaceDraft(tx: Tx, actor: Actor, row: ApplicationRow, draft: ApplicationDraft) {
  if (statusOf(row) !== 'DRAFT' && statusOf(row) !== 'REJECTED') {
    throw conflict(ONBOARDING.wrongState('edit', statusOf(row)));
  }
  await tx
    .update(applications)
    .set({ draft, ...subjectColumns(draft), updatedAt: new Date() })
    .where(eq(applications.id, row.id));
  const [last] = await tx
    .select({ event: applicationEvents.event })
    .from(applicationEvents)
    .where(eq(applicationEvents.applicationId, row.id))
    .orderBy(desc(applicationEvents.id))
    .limit(1);
  if (last?.event !== 'CREATED' && last?.event !== 'SAVED') await recordEvent(tx, actor, row.id, 'SAVED');
  await auditStep(tx, actor, { ...row, ...subjectColumns(draft) }, 'save');
}

/**
 * DRAFT or REJECTED -> SUBMITTED after the full check (every problem named at once) and the documents' owner
 * check. One already SUBMITTED answers as the first submission did (double click, two tabs). The invitation
 * it came through becomes USED.
 */
export async function submitLocked(tx: Tx, actor: Actor, row: ApplicationRow, invitee: boolean): Promise<ApplyStatus> {
  const from = statusOf(row);
  if (from === 'SUBMITTED') return from;
  if (!canMoveApply(from, 'SUBMITTED')) throw conflict(ONBOARDING.wrongState('submit', from));
  const checked = completeApplication.safeParse(row.draft);
  if (!checked.success) throw invalid(describeIssues(checked.error.issues, row.draft));
  await checkDocuments(tx, row, checked.data.documents, invitee);
  const now = new Date();
  await tx
    .update(applications)
    .set({
      status: 'SUBMITTED',
      draft: checked.data,
      ...subjectColumns(checked.data),
      rejectReason: null,
      submittedAt: now,
      updatedAt: now,
    })
    .where(eq(applications.id, row.id));
  await recordEvent(tx, actor, row.id, from === 'REJECTED' ? 'RESUBMITTED' : 'SUBMITTED');
  if (row.inviteNo) {
    await tx
      .update(invitations)
      .set({ status: 'USED', usedAt: now })
      .where(and(eq(invitations.inviteNo, row.inviteNo), eq(invitations.status, 'ACTIVE')));
  }
  await auditStep(tx, actor, row, from === 'REJECTED' ? 'resubmit' : 'submit');
  return 'SUBMITTED';
}
