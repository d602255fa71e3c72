import type { Actor } from '../../actor.ts';
import { and, asc, eq } from 'drizzle-orm';
import type { StaffMember } from '@mchweb/contract';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { requireMember, type Membership } from '../../actor.ts';
import { covers } from '../../merchant-scope.ts';
import { recordAudit } from '../audit/index.ts';
import { checkedMerchantIds, merchantNamesOf, namedMerchants } from '../merchant/index.ts';
import { clearCompanyFromSessions } from '../session/index.ts';
import { userContacts } from '../user/index.ts';
import {
  deleteMembership,
  findMember,
  lockCompanyStaff,
  otherActiveOwners,
  type MemberRow,
} from './membership.service.ts';
import { addMember } from './roles.service.ts';
import { findRole, grantableBy } from './role-editor.service.ts';
import { STAFF } from './staff.messages.ts';
import { memberships, roles } from './staff.tables.ts';

export async function listStaff(db: Db, actor: Actor): Promise<StaffMember[]> {
  const me = requireMember(actor);
  const rows = await db
    .select({
      memberId: memberships.id,
      userId: memberships.userId,
      mobile: memberships.mobile,
      name: memberships.name,
      roleId: roles.id,
      roleName: roles.name,
      roleCode: roles.code,
      status: memberships.status,
      createdAt: memberships.createdAt,
      merchantIds: memberships.merchantIds,
    })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(eq(memberships.companyId, me.companyId))
    .orderBy(asc(memberships.id));
  // A member's own name (set by whoever invited them) first, else the name of their account. An invitation
  // shows only what the inviter typed: nothing tells whether the mobile has an account until it is accepted.
  const joined = rows.filter((r) => r.status !== 'INVITED');
  const people = await userContacts(
    db,
    joined.flatMap((r) => (r.userId === null ? [] : [r.userId])),
  );
  // The names of the merchants members are limited to, of those the caller may see itself.
  const names = await merchantNamesOf(
    db,
    rows.flatMap((r) => (r.merchantIds ?? []).filter((id) => covers(me.merchantIds, id))),
  );
  return rows.map((r) => ({
    ...r,
    merchantIds: r.roleCode === 'OWNER' ? null : r.merchantIds,
    merchants: namedMerchants(r.merchantIds, names),
    userId: r.status === 'INVITED' ? null : r.userId,
    name: r.name ?? (r.status === 'INVITED' || r.userId === null ? null : (people.get(r.userId)?.name ?? null)),
    status: r.status as StaffMember['status'],
    isSelf: r.memberId === me.membershipId,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The merchants a member is to be limited to (issue 11), checked: nobody grants more than they see. */
const checkedScope = (tx: Tx, me: Membership, ids: readonly number[] | null) =>
  checkedMerchantIds(tx, me, ids, () => invalid(STAFF.merchantScope.onlyYourOwn));

/** Only an owner may act on an owner or hand out the owner role. */
function requireOwnerFor(me: Membership, what: keyof typeof STAFF.ownerOnly) {
  if (me.roleCode !== 'OWNER') throw forbidden(STAFF.ownerOnly[what]);
}

/** The organisation must keep an active owner: refuse a change that takes the last one away. */
async function keepLastOwner(tx: Tx, target: MemberRow, what: keyof typeof STAFF.lastOwner) {
  if (target.roleCode !== 'OWNER' || target.status !== 'ACTIVE') return;
  if ((await otherActiveOwners(tx, target.companyId, target.memberId)) === 0) throw conflict(STAFF.lastOwner[what]);
}

async function targetMember(tx: Tx, me: Membership, memberId: number): Promise<MemberRow> {
  await lockCompanyStaff(tx, me.companyId);
  const target = await findMember(tx, me.companyId, memberId);
  if (!target) throw notFound(STAFF.notFound.member);
  return target;
}

/**
 * Invite a mobile (issue 14.2): always an invitation (INVITED, no user, the name the inviter typed), whether or
 * not the mobile has an account, so the answer tells nobody who has one. It grants nothing until the person
 * holding that mobile accepts it, signed in (invitation.service.ts).
 */
export async function inviteStaff(
  db: Db,
  actor: Actor,
  input: { mobile: string; name?: string | undefined; roleId: number; merchantIds?: number[] | null | undefined },
): Promise<StaffMember> {
  const me = requireMember(actor);
  const memberId = await db.transaction(async (tx) => {
    const role = await findRole(tx, me.companyId, input.roleId);
    if (!role) throw notFound(STAFF.notFound.role);
    grantableBy(me, role);
    const asked = input.merchantIds ?? null;
    if (role.code === 'OWNER' && asked !== null) throw invalid(STAFF.merchantScope.ownerNotLimited);
    const merchantIds = await checkedScope(tx, me, asked);
    const [existing] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.companyId, me.companyId), eq(memberships.mobile, input.mobile)))
      .limit(1);
    if (existing) throw conflict(STAFF.alreadyMember);
    const id = await addMember(tx, {
      companyId: me.companyId,
      userId: null,
      mobile: input.mobile,
      name: input.name || null,
      roleId: role.roleId,
      status: 'INVITED',
      merchantIds,
    });
    await recordAudit(tx, actor, {
      action: 'staff.invite',
      targetType: 'member',
      targetId: id,
      detail: { mobile: input.mobile, roleId: role.roleId, roleName: role.name, merchantIds },
    });
    return id;
  });
  return (await listStaff(db, actor)).find((m) => m.memberId === memberId)!;
}

export async function setStaffRole(db: Db, actor: Actor, input: { memberId: number; roleId: number }) {
  const me = requireMember(actor);
  await db.transaction(async (tx) => {
    const target = await targetMember(tx, me, input.memberId);
    const role = await findRole(tx, me.companyId, input.roleId);
    if (!role) throw notFound(STAFF.notFound.role);
    if (target.roleCode === 'OWNER') requireOwnerFor(me, 'changeOwnerRole');
    grantableBy(me, role);
    if (role.code !== 'OWNER') await keepLastOwner(tx, target, 'reassign');
    else if (target.merchantIds !== null) throw invalid(STAFF.merchantScope.limitedOwnerRole);
    await tx.update(memberships).set({ roleId: role.roleId }).where(eq(memberships.id, target.memberId));
    await recordAudit(tx, actor, {
      action: 'staff.setRole',
      targetType: 'member',
      targetId: target.memberId,
      detail: { mobile: target.mobile, fromRoleId: target.roleId, toRoleId: role.roleId, roleName: role.name },
    });
  });
}

export async function setStaffStatus(db: Db, actor: Actor, input: { memberId: number; status: 'ACTIVE' | 'DISABLED' }) {
  const me = requireMember(actor);
  await db.transaction(async (tx) => {
    const target = await targetMember(tx, me, input.memberId);
    if (target.memberId === me.membershipId) throw conflict(STAFF.cannotToggleSelf);
    if (target.status === 'INVITED') {
      throw conflict(STAFF.notJoinedYet);
    }
    if (target.status === input.status) return;
    if (target.roleCode === 'OWNER') requireOwnerFor(me, 'toggleOwner');
    if (input.status === 'DISABLED') await keepLastOwner(tx, target, 'disable');
    await tx.update(memberships).set({ status: input.status }).where(eq(memberships.id, target.memberId));
    await recordAudit(tx, actor, {
      action: input.status === 'DISABLED' ? 'staff.disable' : 'staff.enable',
      targetType: 'member',
      targetId: target.memberId,
      detail: { mobile: target.mobile },
    });
  });
}

/**
 * `POST /staff/setMerchants` (issue 11): limit a member (or an invitation) to some merchants of the organisation,
 * or give it every merchant again (null). An owner is never limited. The member's next call reads the new scope:
 * this write empties the access cache in every process (plugins/access.ts).
 */
export async function setStaffMerchants(
  db: Db,
  actor: Actor,
  input: { memberId: number; merchantIds: number[] | null },
) {
  const me = requireMember(actor);
  await db.transaction(async (tx) => {
    const target = await targetMember(tx, me, input.memberId);
    if (target.roleCode === 'OWNER' && input.merchantIds !== null) throw invalid(STAFF.merchantScope.ownerNotLimited);
    const merchantIds = await checkedScope(tx, me, input.merchantIds);
    const before = target.merchantIds === null ? null : [...target.merchantIds].sort((a, b) => a - b);
    if (JSON.stringify(before) === JSON.stringify(merchantIds)) return;
    await tx.update(memberships).set({ merchantIds }).where(eq(memberships.id, target.memberId));
    await recordAudit(tx, actor, {
      action: 'staff.setMerchants',
      targetType: 'member',
      targetId: target.memberId,
      detail: { mobile: target.mobile, from: before, to: merchantIds },
    });
  });
}

export async function removeStaff(db: Db, actor: Actor, input: { memberId: number }) {
  const me = requireMember(actor);
  await db.transaction(async (tx) => {
    const target = await targetMember(tx, me, input.memberId);
    if (target.memberId === me.membershipId) {
      throw conflict(STAFF.cannotRemoveSelf);
    }
    if (target.roleCode === 'OWNER') requireOwnerFor(me, 'removeOwner');
    await keepLastOwner(tx, target, 'remove');
    await deleteMembership(tx, target.memberId);
    if (target.userId !== null) await clearCompanyFromSessions(tx, target.userId, me.companyId);
    await recordAudit(tx, actor, {
      action: target.status === 'INVITED' ? 'staff.cancelInvitation' : 'staff.remove',
      targetType: 'member',
      targetId: target.memberId,
      detail: { mobile: target.mobile },
    });
  });
}
