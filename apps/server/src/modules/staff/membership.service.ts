import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { CompanyStatus } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { companies } from '../company/company.tables.ts';
import { memberships, roles } from './staff.tables.ts';

export type MemberStatus = 'ACTIVE' | 'DISABLED' | 'INVITED';

/** One organisation of a user, as /company/list and the guard's hasOtherCompany see it. */
export interface UserMembership {
  membershipId: number;
  companyId: number;
  companyName: string;
  companyStatus: CompanyStatus;
  memberStatus: MemberStatus;
  roleCode: string | null;
  roleName: string;
}

/** Every organisation the user is a member of (invitations without an account have no user yet). */
export async function listUserMemberships(db: Tx, userId: number): Promise<UserMembership[]> {
  const rows = await db
    .select({
      membershipId: memberships.id,
      companyId: companies.id,
      companyName: companies.name,
      companyStatus: companies.status,
      memberStatus: memberships.status,
      roleCode: roles.code,
      roleName: roles.name,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.id));
  return rows.map((r) => ({
    ...r,
    companyStatus: r.companyStatus as CompanyStatus,
    memberStatus: r.memberStatus as MemberStatus,
  }));
}

/** An organisation the user may work in now: an active membership of an active organisation. */
export const isUsable = (m: UserMembership) => m.memberStatus === 'ACTIVE' && m.companyStatus === 'ACTIVE';

export interface MemberRow {
  memberId: number;
  companyId: number;
  userId: number | null;
  mobile: string;
  name: string | null;
  status: MemberStatus;
  roleId: number;
  roleCode: string | null;
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
 * Serialises changes to one organisation's owners: two owners demoting each other at the same time must not
 * both pass the last-owner check. The organisation row is the lock.
 */
export async function lockCompany(tx: Tx, companyId: number) {
  await tx.execute(sql`select id from ${companies} where id = ${companyId} for update`);
}

export async function deleteMembership(tx: Tx, memberId: number) {
  await tx.delete(memberships).where(eq(memberships.id, memberId));
}
