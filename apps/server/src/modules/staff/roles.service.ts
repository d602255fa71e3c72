import { and, eq } from 'drizzle-orm';
import { BUILT_IN_ROLES, type BuiltInRole } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { memberships, roles } from './staff.tables.ts';

/** Display names of the built-in roles as stored; the web app translates by code. */
export const BUILT_IN_ROLE_NAMES: Record<BuiltInRole, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  FINANCE: 'Finance',
  CASHIER: 'Cashier',
};

/** Every organisation gets the four built-in roles when it is created. */
export async function createBuiltInRoles(tx: Tx, companyId: number): Promise<Record<BuiltInRole, number>> {
  const rows = await tx
    .insert(roles)
    .values(
      BUILT_IN_ROLES.map((code) => ({
        companyId,
        code,
        name: BUILT_IN_ROLE_NAMES[code],
        builtIn: true,
        permissions: [],
      })),
    )
    .returning({ id: roles.id, code: roles.code });
  return Object.fromEntries(rows.map((r) => [r.code, r.id])) as Record<BuiltInRole, number>;
}

export async function builtInRoleId(tx: Tx, companyId: number, code: BuiltInRole): Promise<number> {
  const [row] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.code, code)))
    .limit(1);
  if (!row) throw new Error(`organisation ${companyId} has no ${code} role`);
  return row.id;
}

export async function addMember(
  tx: Tx,
  input: {
    companyId: number;
    userId: number | null;
    mobile: string;
    name?: string | null;
    roleId: number;
    status?: 'ACTIVE' | 'INVITED';
    /** The merchants the member is limited to; absent or null: every merchant. */
    merchantIds?: number[] | null;
  },
) {
  const [row] = await tx
    .insert(memberships)
    .values({
      companyId: input.companyId,
      userId: input.userId,
      mobile: input.mobile,
      name: input.name ?? null,
      roleId: input.roleId,
      status: input.status ?? 'ACTIVE',
      merchantIds: input.merchantIds ?? null,
    })
    .returning({ id: memberships.id });
  return row!.id;
}
