import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray, lt, lte, or, type SQL } from 'drizzle-orm';
import {
  invitePath,
  type ApplyStatus,
  type Invite,
  type inviteListBody,
  type InvitePage,
  type InviteStatus,
} from '@mchweb/contract';
import type { z } from 'zod';
import { requireMember, type Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { beforeIdOf, pageOf } from '../../keyset.ts';
import { recordAudit } from '../audit/index.ts';
import { personNames } from '../user/index.ts';
import { ONBOARDING } from './onboarding.messages.ts';
import { applications, invitations } from './onboarding.tables.ts';

export type InvitationRow = typeof invitations.$inferSelect;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** `I` and 24 random base62 characters (about 143 bits): the invitation is the invited merchant's credential. */
export function newInviteNo(): string {
  let out = 'I';
  while (out.length < 25) {
    // 248 = 4 × 62: bytes above it are dropped, so every character is equally likely.
    for (const byte of crypto.randomBytes(32)) if (byte < 248 && out.length < 25) out += BASE62[byte % 62];
  }
  return out;
}

/** ACTIVE until `expiresAt`: then it reads as EXPIRED (nothing is written when it passes). */
export function inviteStatus(row: InvitationRow, now = new Date()): InviteStatus {
  return row.status === 'ACTIVE' && row.expiresAt <= now ? 'EXPIRED' : (row.status as InviteStatus);
}

/** The invitation's page, at the origin configured or the one the member's request came to. */
const urlOf = (origin: string, inviteNo: string) => `${origin}${invitePath(inviteNo)}`;

async function invites(db: Tx, rows: InvitationRow[], origin: string): Promise<Invite[]> {
  const applyNos = rows.flatMap((r) => (r.applyNo ? [r.applyNo] : []));
  const apps = applyNos.length
    ? await db
        .select({ applyNo: applications.applyNo, name: applications.subjectName, status: applications.status })
        .from(applications)
        .where(inArray(applications.applyNo, applyNos))
    : [];
  const nameOf = await personNames(
    db,
    rows.map((r) => r.createdBy),
  );
  return rows.map((r) => {
    const app = apps.find((a) => a.applyNo === r.applyNo);
    return {
      inviteNo: r.inviteNo,
      url: urlOf(origin, r.inviteNo),
      expiresAt: r.expiresAt.toISOString(),
      status: inviteStatus(r),
      remark: r.remark,
      createdAt: r.createdAt.toISOString(),
      createdBy: nameOf(r.createdBy),
      usedAt: r.usedAt?.toISOString() ?? null,
      applyNo: r.applyNo,
      merchantName: app?.name ?? null,
      applyStatus: (app?.status as ApplyStatus | undefined) ?? null,
    };
  });
}

/** `GET /getIncoQrCode`: a new invitation of the actor's organisation. */
export async function createInvitation(
  db: Db,
  actor: Actor,
  input: { expiresInDays: number; remark?: string | undefined },
  origin: string,
): Promise<Invite> {
  const { companyId } = requireMember(actor);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(invitations)
      .values({
        inviteNo: newInviteNo(),
        companyId,
        expiresAt: new Date(Date.now() + input.expiresInDays * 86_400_000),
        remark: input.remark || null,
        createdBy: actor.userId,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'invitation.create',
      targetType: 'invitation',
      targetId: created!.inviteNo,
      detail: { expiresAt: created!.expiresAt.toISOString(), remark: created!.remark },
    });
    return created!;
  });
  return (await invites(db, [row], origin))[0]!;
}

/** What a status filter means in stored terms: EXPIRED is an ACTIVE one past its time. */
function statusCondition(status: InviteStatus, now: Date): SQL | undefined {
  if (status === 'EXPIRED') return and(eq(invitations.status, 'ACTIVE'), lte(invitations.expiresAt, now));
  if (status === 'ACTIVE') return and(eq(invitations.status, 'ACTIVE'), gt(invitations.expiresAt, now));
  return eq(invitations.status, status);
}

/** `POST /inco/invite/list`: newest first. */
export async function listInvitations(
  db: Tx,
  actor: Actor,
  filter: z.output<typeof inviteListBody>,
  origin: string,
): Promise<InvitePage> {
  const { companyId } = requireMember(actor);
  const beforeId = beforeIdOf(filter.cursor);
  const now = new Date();
  const statuses = filter.status ?? [];
  const rows = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.companyId, companyId),
        beforeId === undefined ? undefined : lt(invitations.id, beforeId),
        ...(statuses.length ? [or(...statuses.map((s) => statusCondition(s, now)))] : []),
      ),
    )
    .orderBy(desc(invitations.id))
    .limit(filter.limit + 1);
  const page = pageOf(rows, filter.limit, (r) => r);
  return { ...page, rows: await invites(db, page.rows, origin) };
}

/** `POST /inco/invite/revoke`: ACTIVE -> REVOKED. Its draft, if any, stays with the organisation. */
export async function revokeInvitation(db: Db, actor: Actor, input: { inviteNo: string }, origin: string) {
  const { companyId } = requireMember(actor);
  const row = await db.transaction(async (tx) => {
    const invitation = await lockInvitation(tx, input.inviteNo);
    if (!invitation || invitation.companyId !== companyId) throw notFound(ONBOARDING.invitationNotFound);
    const status = inviteStatus(invitation);
    if (status !== 'ACTIVE') throw conflict(ONBOARDING.cannotRevoke(status));
    const [revoked] = await tx
      .update(invitations)
      .set({ status: 'REVOKED' })
      .where(eq(invitations.id, invitation.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'invitation.revoke',
      targetType: 'invitation',
      targetId: invitation.inviteNo,
      detail: { applyNo: invitation.applyNo, remark: invitation.remark },
    });
    return revoked!;
  });
  return (await invites(db, [row], origin))[0]!;
}

export async function lockInvitation(tx: Tx, inviteNo: string): Promise<InvitationRow | null> {
  const [row] = await tx.select().from(invitations).where(eq(invitations.inviteNo, inviteNo)).for('update');
  return row ?? null;
}
