import { and, eq, ne } from 'drizzle-orm';
import { BUILT_IN_ROLE_PERMISSIONS, type BuiltInRole, type CompanyStatus } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { companies } from '../company/company.tables.ts';
import { memberships, roles } from './staff.tables.ts';

export interface MemberAccess {
  companyId: number;
  companyName: string;
  companyStatus: CompanyStatus;
  membershipId: number;
  memberStatus: 'ACTIVE' | 'DISABLED' | 'INVITED';
  roleId: number;
  roleCode: string | null;
  roleName: string;
  permissions: ReadonlySet<string>;
}

/** Built-in roles read the catalogue; custom roles their stored list. */
export function rolePermissions(role: { builtIn: boolean; code: string | null; permissions: string[] }): string[] {
  if (role.builtIn && role.code && role.code in BUILT_IN_ROLE_PERMISSIONS) {
    return [...BUILT_IN_ROLE_PERMISSIONS[role.code as BuiltInRole]];
  }
  return role.permissions;
}

/** The user's membership, role and permissions in one organisation, or null when not a member. */
export async function loadMemberAccess(db: Tx, userId: number, companyId: number): Promise<MemberAccess | null> {
  const [row] = await db
    .select({
      companyName: companies.name,
      companyStatus: companies.status,
      membershipId: memberships.id,
      memberStatus: memberships.status,
      roleId: roles.id,
      roleCode: roles.code,
      roleName: roles.name,
      builtIn: roles.builtIn,
      permissions: roles.permissions,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
    .limit(1);
  if (!row) return null;
  return {
    companyId,
    companyName: row.companyName,
    companyStatus: row.companyStatus as CompanyStatus,
    membershipId: row.membershipId,
    memberStatus: row.memberStatus as MemberAccess['memberStatus'],
    roleId: row.roleId,
    roleCode: row.roleCode,
    roleName: row.roleName,
    permissions: new Set(rolePermissions({ ...row, code: row.roleCode })),
  };
}

/** Invitations sent to a mobile before it had an account become memberships when it registers. */
export async function acceptInvitations(tx: Tx, userId: number, mobile: string): Promise<number[]> {
  const rows = await tx
    .update(memberships)
    .set({ userId, status: 'ACTIVE' })
    .where(and(eq(memberships.mobile, mobile), eq(memberships.status, 'INVITED')))
    .returning({ companyId: memberships.companyId });
  return rows.map((r) => r.companyId);
}

/** The organisation a new session starts in: the last one used if the user may still work there, else any. */
export async function startingCompany(db: Tx, userId: number, lastCompanyId: number | null): Promise<number | null> {
  const rows = await db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'ACTIVE'), eq(companies.status, 'ACTIVE')))
    .orderBy(memberships.id);
  if (lastCompanyId !== null && rows.some((r) => r.companyId === lastCompanyId)) return lastCompanyId;
  return rows[0]?.companyId ?? null;
}

/**
 * When the user can work in no organisation: the one to start in anyway so that the guard's company fetch says
 * why (8091012 disabled, 8091033 frozen; S4.4.2/S4.4.3) instead of offering to create an organisation. The last
 * one used first, else the oldest membership. Closed organisations are gone for good and are not offered: such
 * a user starts without one and may create a new organisation.
 */
export async function blockedStartingCompany(
  db: Tx,
  userId: number,
  lastCompanyId: number | null,
): Promise<number | null> {
  const rows = await db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.userId, userId), ne(memberships.status, 'INVITED'), ne(companies.status, 'CLOSED')))
    .orderBy(memberships.id);
  if (lastCompanyId !== null && rows.some((r) => r.companyId === lastCompanyId)) return lastCompanyId;
  return rows[0]?.companyId ?? null;
}
