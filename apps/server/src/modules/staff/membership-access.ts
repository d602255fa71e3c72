import { and, eq } from 'drizzle-orm';
import { BUILT_IN_ROLE_PERMISSIONS, type BuiltInRole } from '@mchweb/contract';
import type { Membership } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { memberships, roles } from './staff.tables.ts';

/** A user's membership and role in one company, without the company's own fields (the company module adds them). */
export type MembershipRow = Omit<Membership, 'companyName' | 'companyStatus'>;

/** Built-in roles read the catalogue; custom roles their stored list. */
export function rolePermissions(role: { builtIn: boolean; code: string | null; permissions: string[] }): string[] {
  if (role.builtIn && role.code && role.code in BUILT_IN_ROLE_PERMISSIONS) {
    return [...BUILT_IN_ROLE_PERMISSIONS[role.code as BuiltInRole]];
  }
  return role.permissions;
}

/** The user's membership, role and permissions in one company, or null when not a member. */
export async function loadMembership(db: Tx, userId: number, companyId: number): Promise<MembershipRow | null> {
  const [row] = await db
    .select({
      membershipId: memberships.id,
      memberStatus: memberships.status,
      roleId: roles.id,
      roleCode: roles.code,
      roleName: roles.name,
      builtIn: roles.builtIn,
      permissions: roles.permissions,
      merchantIds: memberships.merchantIds,
    })
    .from(memberships)
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
    .limit(1);
  if (!row) return null;
  return {
    companyId,
    membershipId: row.membershipId,
    memberStatus: row.memberStatus as MembershipRow['memberStatus'],
    roleId: row.roleId,
    roleCode: row.roleCode,
    roleName: row.roleName,
    permissions: new Set(rolePermissions({ ...row, code: row.roleCode })),
    // An owner sees every merchant whatever the row says (the staff service never limits one).
    merchantIds:
      (row.builtIn && row.roleCode === 'OWNER') || row.merchantIds === null
        ? null
        : Object.freeze([...row.merchantIds]),
  };
}
