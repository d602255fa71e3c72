import { and, asc, eq } from 'drizzle-orm';
import { requireUser, type Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { recordAudit } from '../audit/index.ts';
import { findUser } from '../user/index.ts';
import { STAFF } from './staff.messages.ts';
import { memberships, roles } from './staff.tables.ts';

/**
 * The invitee's side of an invitation (issue 14.2). An invitation is a membership row in status INVITED, without
 * a user, found by the mobile it was sent to: it grants nothing and shows in no company list until the person
 * holding that mobile accepts it, signed in; declining deletes it. Nothing here tells the inviter whether the
 * mobile has an account.
 */
export interface PendingInvitation {
  invitationId: number;
  companyId: number;
  roleCode: string | null;
  roleName: string;
  invitedAt: Date;
}

/** Invitations waiting for this mobile, oldest first (the company module adds the companies' names). */
export async function pendingInvitations(db: Tx, mobile: string): Promise<PendingInvitation[]> {
  return db
    .select({
      invitationId: memberships.id,
      companyId: memberships.companyId,
      roleCode: roles.code,
      roleName: roles.name,
      invitedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.mobile, mobile), eq(memberships.status, 'INVITED')))
    .orderBy(asc(memberships.id));
}

/** The signed-in user's mobile: an invitation is theirs when it was sent to it. */
async function invitee(db: Tx, actor: Actor) {
  const { userId } = requireUser(actor);
  const user = await findUser(db, userId);
  if (!user) throw notFound(STAFF.notFound.invitation);
  return user;
}

/** One of the user's own pending invitations; another mobile's, an answered or a withdrawn one is not found. */
const theirs = (mobile: string, invitationId: number) =>
  and(eq(memberships.id, invitationId), eq(memberships.mobile, mobile), eq(memberships.status, 'INVITED'));

/**
 * The invitee's answer, in one transaction with its audit entry in the organisation's log. Accept: the membership
 * becomes ACTIVE with the user's id, and the session's current company stays as it was. Decline: the invitation is
 * deleted, and the organisation may invite the mobile again.
 */
async function answer(db: Db, actor: Actor, invitationId: number, action: 'accept' | 'decline') {
  const user = await invitee(db, actor);
  await db.transaction(async (tx) => {
    const where = theirs(user.mobile, invitationId);
    const answered = { companyId: memberships.companyId, roleId: memberships.roleId };
    const [row] =
      action === 'accept'
        ? await tx.update(memberships).set({ userId: user.id, status: 'ACTIVE' }).where(where).returning(answered)
        : await tx.delete(memberships).where(where).returning(answered);
    if (!row) throw notFound(STAFF.notFound.invitation);
    await recordAudit(tx, actor, {
      action: `staff.invitation.${action}`,
      companyId: row.companyId,
      targetType: 'member',
      targetId: invitationId,
      detail: { mobile: user.mobile, roleId: row.roleId },
    });
  });
}

export const acceptInvitation = (db: Db, actor: Actor, input: { invitationId: number }) =>
  answer(db, actor, input.invitationId, 'accept');
export const declineInvitation = (db: Db, actor: Actor, input: { invitationId: number }) =>
  answer(db, actor, input.invitationId, 'decline');
