import { and, eq } from 'drizzle-orm';
import { canMoveApply, type ApplyStatus, type ApplicationDraft } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import {
  auditStep,
  checkDocuments,
  createApplication,
  lockApplication,
  recordEvent,
  replaceDraft,
  submitLocked,
} from './application-steps.service.ts';
import { ONBOARDING } from './onboarding.messages.ts';
import { applications, invitations } from './onboarding.tables.ts';

// The member's side of an application (/new-incomming, /incomming): save a draft, submit it, cancel it.

/** The application sections of a save's body (the body without its own fields). */
export function draftOf(body: ApplicationDraft & Record<string, unknown>): ApplicationDraft {
  const { subject, legalPerson, settlement, rates, documents } = body;
  return {
    ...(subject && { subject }),
    ...(legalPerson && { legalPerson }),
    ...(settlement && { settlement }),
    ...(rates && { rates }),
    ...(documents && { documents }),
  };
}

/**
 * `POST /inco/save`: without `applyNo` a new draft (one per idempotency key), else the whole application of a
 * DRAFT or REJECTED one replaced. A repeated first save with the same key saves into the application the first
 * one created, when it can still be edited.
 */
export async function saveApplication(
  db: Db,
  actor: Actor,
  body: ApplicationDraft & { applyNo?: string | undefined; idempotencyKey?: string | undefined },
): Promise<{ applyNo: string }> {
  const { companyId } = requireMember(actor);
  const draft = draftOf(body);
  return db.transaction(async (tx) => {
    if (body.applyNo === undefined) {
      await checkDocuments(tx, { companyId, inviteNo: null }, draft.documents, false);
      const { row, created } = await createApplication(tx, actor, {
        companyId,
        source: 'PORTAL',
        inviteNo: null,
        draft,
        idempotencyKey: body.idempotencyKey ?? null,
      });
      const editable = row.status === 'DRAFT' || row.status === 'REJECTED';
      if (!created && editable) await replaceDraft(tx, actor, row, draft);
      return { applyNo: row.applyNo };
    }
    const row = await lockApplication(tx, companyId, body.applyNo);
    if (!row) throw notFound(ONBOARDING.notFound);
    await checkDocuments(tx, row, draft.documents, false);
    await replaceDraft(tx, actor, row, draft);
    return { applyNo: row.applyNo };
  });
}

/** `POST /inco/submit` */
export async function submitApplication(
  db: Db,
  actor: Actor,
  input: { applyNo: string },
): Promise<{ applyNo: string; status: ApplyStatus }> {
  const { companyId } = requireMember(actor);
  return db.transaction(async (tx) => {
    const row = await lockApplication(tx, companyId, input.applyNo);
    if (!row) throw notFound(ONBOARDING.notFound);
    return { applyNo: row.applyNo, status: await submitLocked(tx, actor, row, false) };
  });
}

/**
 * `POST /inco/cancel`: DRAFT, SUBMITTED or REJECTED -> CANCELED. An invitation still open for it is revoked
 * too: an invitation reaches exactly one application, and this one is over.
 */
export async function cancelApplication(
  db: Db,
  actor: Actor,
  input: { applyNo: string; reason?: string | undefined },
): Promise<{ applyNo: string; status: ApplyStatus }> {
  const { companyId } = requireMember(actor);
  return db.transaction(async (tx) => {
    const row = await lockApplication(tx, companyId, input.applyNo);
    if (!row) throw notFound(ONBOARDING.notFound);
    const from = row.status as ApplyStatus;
    if (!canMoveApply(from, 'CANCELED')) throw conflict(ONBOARDING.wrongState('cancel', from));
    const reason = input.reason || null;
    await tx.update(applications).set({ status: 'CANCELED', updatedAt: new Date() }).where(eq(applications.id, row.id));
    await recordEvent(tx, actor, row.id, 'CANCELED', reason);
    if (row.inviteNo) {
      await tx
        .update(invitations)
        .set({ status: 'REVOKED' })
        .where(and(eq(invitations.inviteNo, row.inviteNo), eq(invitations.status, 'ACTIVE')));
    }
    await auditStep(tx, actor, row, 'cancel', { from, reason });
    return { applyNo: row.applyNo, status: 'CANCELED' as const };
  });
}
