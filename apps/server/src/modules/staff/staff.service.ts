import type { FastifyRequest } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import type { StaffMember } from '@mchweb/contract';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../plugins/envelope.ts';
import { requireMember } from '../../plugins/access.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { users } from '../auth/auth.tables.ts';
import { clearCompanyFromSessions } from '../auth/session.service.ts';
import type { MemberAccess } from './member-access.ts';
import { deleteMembership, findMember, lockCompany, otherActiveOwners, type MemberRow } from './membership.service.ts';
import { addMember } from './roles.service.ts';
import { findRole, grantableBy } from './role-editor.service.ts';
import { memberships, roles } from './staff.tables.ts';
import { M } from '../../i18n/messages.ts';

export async function listStaff(db: Db, request: FastifyRequest): Promise<StaffMember[]> {
  const me = requireMember(request);
  const rows = await db
    .select({
      memberId: memberships.id,
      userId: memberships.userId,
      mobile: memberships.mobile,
      name: memberships.name,
      userName: users.name,
      roleId: roles.id,
      roleName: roles.name,
      roleCode: roles.code,
      status: memberships.status,
      createdAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, me.companyId))
    .orderBy(asc(memberships.id));
  return rows.map(({ userName, ...r }) => ({
    ...r,
    name: r.name ?? userName,
    status: r.status as StaffMember['status'],
    isSelf: r.memberId === me.membershipId,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Only an owner may act on an owner or hand out the owner role. */
function requireOwnerFor(me: MemberAccess, what: keyof typeof M.ownerOnly) {
  if (me.roleCode !== 'OWNER') throw forbidden(M.ownerOnly[what]);
}

/** The organisation must keep an active owner: refuse a change that takes the last one away. */
async function keepLastOwner(tx: Tx, target: MemberRow, what: keyof typeof M.lastOwner) {
  if (target.roleCode !== 'OWNER' || target.status !== 'ACTIVE') return;
  if ((await otherActiveOwners(tx, target.companyId, target.memberId)) === 0) throw conflict(M.lastOwner[what]);
}

async function targetMember(tx: Tx, me: MemberAccess, memberId: number): Promise<MemberRow> {
  await lockCompany(tx, me.companyId);
  const target = await findMember(tx, me.companyId, memberId);
  if (!target) throw notFound(M.notFound.member);
  return target;
}

/** A registered mobile joins at once; another one is invited and joins when it registers. */
export async function inviteStaff(
  db: Db,
  request: FastifyRequest,
  input: { mobile: string; name?: string | undefined; roleId: number },
): Promise<StaffMember> {
  const me = requireMember(request);
  const memberId = await db.transaction(async (tx) => {
    const role = await findRole(tx, me.companyId, input.roleId);
    if (!role) throw notFound(M.notFound.role);
    grantableBy(me, role);
    const [existing] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.companyId, me.companyId), eq(memberships.mobile, input.mobile)))
      .limit(1);
    if (existing) throw conflict(M.alreadyMember);
    const [user] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.mobile, input.mobile))
      .limit(1);
    const id = await addMember(tx, {
      companyId: me.companyId,
      userId: user?.id ?? null,
      mobile: input.mobile,
      name: input.name || user?.name || null,
      roleId: role.roleId,
      status: user ? 'ACTIVE' : 'INVITED',
    });
    await recordAudit(tx, request, {
      action: 'staff.invite',
      targetType: 'member',
      targetId: id,
      detail: { mobile: input.mobile, roleId: role.roleId, roleName: role.name, joined: Boolean(user) },
    });
    return id;
  });
  return (await listStaff(db, request)).find((m) => m.memberId === memberId)!;
}

export async function setStaffRole(db: Db, request: FastifyRequest, input: { memberId: number; roleId: number }) {
  const me = requireMember(request);
  await db.transaction(async (tx) => {
    const target = await targetMember(tx, me, input.memberId);
    const role = await findRole(tx, me.companyId, input.roleId);
    if (!role) throw notFound(M.notFound.role);
    if (target.roleCode === 'OWNER') requireOwnerFor(me, 'changeOwnerRole');
    grantableBy(me, role);
    if (role.code !== 'OWNER') await keepLastOwner(tx, target, 'reassign');
    await tx.update(memberships).set({ roleId: role.roleId }).where(eq(memberships.id, target.memberId));
    await recordAudit(tx, request, {
      action: 'staff.setRole',
      targetType: 'member',
      targetId: target.memberId,
      detail: { mobile: target.mobile, fromRoleId: target.roleId, toRoleId: role.roleId, roleName: role.name },
    });
  });
}

export async function setStaffStatus(
  db: Db,
  request: FastifyRequest,
  input: { memberId: number; status: 'ACTIVE' | 'DISABLED' },
) {
  const me = requireMember(request);
  await db.transaction(async (tx) => {
    const target = await targetMember(tx, me, input.memberId);
    if (target.memberId === me.membershipId) throw conflict(M.cannotToggleSelf);
    if (target.status === 'INVITED') {
      throw conflict(M.notJoinedYet);
    }
    if (target.status === input.status) return;
    if (target.roleCode === 'OWNER') requireOwnerFor(me, 'toggleOwner');
    if (input.status === 'DISABLED') await keepLastOwner(tx, target, 'disable');
    await tx.update(memberships).set({ status: input.status }).where(eq(memberships.id, target.memberId));
    await recordAudit(tx, request, {
      action: input.status === 'DISABLED' ? 'staff.disable' : 'staff.enable',
      targetType: 'member',
      targetId: target.memberId,
      detail: { mobile: target.mobile },
    });
  });
}

export async function removeStaff(db: Db, request: FastifyRequest, input: { memberId: number }) {
  const me = requireMember(request);
  await db.transaction(async (tx) => {
    const target = await targetMember(tx, me, input.memberId);
    if (target.memberId === me.membershipId) {
      throw conflict(M.cannotRemoveSelf);
    }
    if (target.roleCode === 'OWNER') requireOwnerFor(me, 'removeOwner');
    await keepLastOwner(tx, target, 'remove');
    await deleteMembership(tx, target.memberId);
    if (target.userId !== null) await clearCompanyFromSessions(tx, target.userId, me.companyId);
    await recordAudit(tx, request, {
      action: target.status === 'INVITED' ? 'staff.cancelInvitation' : 'staff.remove',
      targetType: 'member',
      targetId: target.memberId,
      detail: { mobile: target.mobile },
    });
  });
}
