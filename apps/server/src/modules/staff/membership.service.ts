import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { memberships, roles } from './staff.tables.ts';

export type MemberStatus = 'ACTIVE' | 'DISABLED' | 'INVITED';

/** One company of a user (the company's own name and status are the company module's to add). */
export interface UserMembershipRow {
  membershipId: number;
  companyId: number;
  memberStatus: MemberStatus;
  roleCode: string | null;
  roleName: string;
}

/** Every company the user is a member of, oldest membership first (invitations without an account have no user). */
export async function listUserMemberships(db: Tx, userId: number): Promise<UserMembershipRow[]> {
  const rows = await db
    .select({
      membershipId: memberships.id,
      companyId: memberships.companyId,
      memberStatus: memberships.status,
      roleCode: roles.code,
      roleName: roles.name,
    })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.id));
  return rows.map((r) => ({ ...r, memberStatus: r.memberStatus as MemberStatus }));
}

/** Members (invitations included) of each company given, for the operator's company list. */
export async function countMembersByCompany(db: Tx, companyIds: readonly number[]): Promise<Map<number, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ companyId: memberships.companyId, n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(inArray(memberships.companyId, [...companyIds]))
    .groupBy(memberships.companyId);
  return new Map(rows.map((r) => [r.companyId, Number(r.n)]));
}

/** Companies of each user given, for the operator's user list. */
export async function countCompaniesByUser(db: Tx, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: memberships.userId, n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(inArray(memberships.userId, [...userIds]))
    .groupBy(memberships.userId);
  return new Map(rows.map((r) => [r.userId!, Number(r.n)]));
}

export interface MemberRow {
  memberId: number;
  companyId: number;
  userId: number | null;
  mobile: string;
  name: string | null;
  status: MemberStatus;
  roleId: number;
  roleCode: string | null;
  /** The merchants the member is limited to; null: every merchant. */
  merchantIds: number[] | null;
}

/** A member of this organisation; a member of another one is not found (null). */
export async function findMember(db: Tx, companyId: number, memberId: number): Promise<MemberRow | null> {
  const [row] = await db
    .select({
      memberId: memberships.id,
      companyId: memberships.companyId,
      userId: memberships.userId,
      mobile: memberships.mobile,
      name: memberships.name,
      status: memberships.status,
      roleId: memberships.roleId,
      roleCode: roles.code,
      merchantIds: memberships.merchantIds,
    })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.companyId, companyId), eq(memberships.id, memberId)))
    .limit(1);
  return row ? { ...row, status: row.status as MemberStatus } : null;
}

export async function findMemberByUser(db: Tx, companyId: number, userId: number): Promise<MemberRow | null> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)))
    .limit(1);
  return row ? findMember(db, companyId, row.id) : null;
}

/** Active owners of the organisation other than `exceptMemberId`: the last one must stay. */
export async function otherActiveOwners(db: Tx, companyId: number, exceptMemberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(
      and(
        eq(memberships.companyId, companyId),
        eq(memberships.status, 'ACTIVE'),
        eq(roles.code, 'OWNER'),
        eq(roles.builtIn, true),
        ne(memberships.id, exceptMemberId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Serialises changes to one company's owners: two owners demoting each other at the same time must not both
 * pass the last-owner check. The company's built-in Owner role (one per company, created with it) is the lock,
 * so staff never touches the company module's table.
 */
export async function lockCompanyStaff(tx: Tx, companyId: number) {
  await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.code, 'OWNER'), eq(roles.builtIn, true)))
    .for('update');
}

export async function deleteMembership(tx: Tx, memberId: number) {
  await tx.delete(memberships).where(eq(memberships.id, memberId));
}
