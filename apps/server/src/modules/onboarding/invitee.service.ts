import { eq } from 'drizzle-orm';
import type { ApplyStatus, ApplicationDraft, PublicInvite } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { findCompany } from '../company/index.ts';
import { draftOf } from './application.service.ts';
import {
  checkDocuments,
  createApplication,
  lockApplication,
  replaceDraft,
  submitLocked,
} from './application-steps.service.ts';
import { inviteStatus, lockInvitation, type InvitationRow } from './invitation.service.ts';
import { ONBOARDING } from './onboarding.messages.ts';
import { applications, invitations } from './onboarding.tables.ts';

// The invited merchant's side (/api/pay/inco/*): no account, the invitation number is the credential. An
// invitation reaches one application of one organisation: created at its first save, submitted once.

async function findInvitation(db: Tx, inviteNo: string): Promise<InvitationRow | null> {
  const [row] = await db.select().from(invitations).where(eq(invitations.inviteNo, inviteNo));
  return row ?? null;
}

/** Refused unless the invitation can still be used: a clear message for a used, revoked or expired one. */
function assertUsable(invitation: InvitationRow | null): InvitationRow {
  if (!invitation) throw notFound(ONBOARDING.invitationNotFound);
  const status = inviteStatus(invitation);
  if (status !== 'ACTIVE') throw conflict(ONBOARDING.invitationUnusable[status]);
  return invitation;
}

/** An invitation that can still be used (uploads and reading them back). */
export const usableInvitationOf = async (db: Tx, inviteNo: string) => assertUsable(await findInvitation(db, inviteNo));

/**
 * `GET /api/pay/inco/:inviteNo`: what the public page shows. A used, revoked or expired invitation answers its
 * status (the page explains it) and no application.
 */
export async function publicInvitation(db: Db, inviteNo: string): Promise<PublicInvite> {
  const invitation = await findInvitation(db, inviteNo);
  if (!invitation) throw notFound(ONBOARDING.invitationNotFound);
  const company = await findCompany(db, invitation.companyId);
  const status = inviteStatus(invitation);
  const [app] = invitation.applyNo
    ? await db
        .select({ status: applications.status, draft: applications.draft })
        .from(applications)
        .where(eq(applications.applyNo, invitation.applyNo))
    : [];
  return {
    inviteNo: invitation.inviteNo,
    companyName: company?.name ?? '',
    status,
    expiresAt: invitation.expiresAt.toISOString(),
    applyNo: invitation.applyNo,
    applyStatus: (app?.status as ApplyStatus | undefined) ?? null,
    application: status === 'ACTIVE' ? (app?.draft ?? null) : null,
  };
}

/** `POST /api/pay/inco/save`: the invitation's application, created at the first save and replaced later. */
export async function publicSave(
  db: Db,
  actor: Actor,
  body: ApplicationDraft & { inviteNo: string },
): Promise<{ applyNo: string }> {
  const draft = draftOf(body);
  return db.transaction(async (tx) => {
    const invitation = assertUsable(await lockInvitation(tx, body.inviteNo));
    const owner = { companyId: invitation.companyId, inviteNo: invitation.inviteNo };
    await checkDocuments(tx, owner, draft.documents, true);
    if (invitation.applyNo === null) {
      const { row } = await createApplication(tx, actor, {
        ...owner,
        source: 'INVITE',
        draft,
        idempotencyKey: null,
      });
      await tx.update(invitations).set({ applyNo: row.applyNo }).where(eq(invitations.id, invitation.id));
      return { applyNo: row.applyNo };
    }
    const row = await lockApplication(tx, invitation.companyId, invitation.applyNo);
    if (!row) throw notFound(ONBOARDING.notFound);
    await replaceDraft(tx, actor, row, draft);
    return { applyNo: row.applyNo };
  });
}

/**
 * `POST /api/pay/inco/submit`: submits the invitation's application, which makes the invitation USED. A second
 * click after the first went through answers as the first did.
 */
export async function publicSubmit(
  db: Db,
  actor: Actor,
  input: { inviteNo: string },
): Promise<{ applyNo: string; status: ApplyStatus }> {
  return db.transaction(async (tx) => {
    const invitation = await lockInvitation(tx, input.inviteNo);
    if (!invitation) throw notFound(ONBOARDING.invitationNotFound);
    const row = invitation.applyNo ? await lockApplication(tx, invitation.companyId, invitation.applyNo) : null;
    if (row?.status === 'SUBMITTED') return { applyNo: row.applyNo, status: 'SUBMITTED' as const };
    assertUsable(invitation);
    if (!row) throw invalid(ONBOARDING.nothingToSubmit);
    return { applyNo: row.applyNo, status: await submitLocked(tx, actor, row, true) };
  });
}
