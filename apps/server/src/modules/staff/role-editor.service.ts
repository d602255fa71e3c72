import type { Actor } from '../../actor.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { withPagePermissions, type Role } from '@mchweb/contract';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { requireMember, type Membership } from '../../actor.ts';
import { recordAudit } from '../audit/index.ts';
import { rolePermissions } from './membership-access.ts';
import { STAFF } from './staff.messages.ts';
import { memberships, roles } from './staff.tables.ts';

export interface RoleRow {
  roleId: number;
  code: string | null;
  name: string;
  builtIn: boolean;
  permissions: string[];
}

/** A role of this organisation; another organisation's role is not found (null). */
export async function findRole(db: Tx, companyId: number, roleId: number): Promise<RoleRow | null> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.id, roleId)))
    .limit(1);
  if (!row) return null;
  return {
    roleId: row.id,
    code: row.code,
    name: row.name,
    builtIn: row.builtIn,
    permissions: rolePermissions({ builtIn: row.builtIn, code: row.code, permissions: row.permissions }),
  };
}

/**
 * Nobody hands out more than they hold: a role given to a member, or saved, must not grant a permission the
 * caller lacks (an admin cannot make anyone owner, nor build a role with the owner's powers).
 */
export function grantableBy(me: Membership, role: { code: string | null; permissions: readonly string[] }) {
  if (role.code === 'OWNER' && me.roleCode !== 'OWNER') throw forbidden(STAFF.ownerOnly.grantOwner);
  const missing = role.permissions.filter((p) => !me.permissions.has(p));
  if (missing.length > 0) {
    throw forbidden(STAFF.cannotGrantLacking(missing));
  }
}

export async function listRoles(db: Db, actor: Actor): Promise<Role[]> {
  const { companyId } = requireMember(actor);
  const rows = await db
    .select({
      roleId: roles.id,
      code: roles.code,
      name: roles.name,
      builtIn: roles.builtIn,
      stored: roles.permissions,
      // Written out: inside a subquery drizzle would print the outer column unqualified.
      memberCount: sql<number>`(select count(*)::int from memberships m where m.role_id = "roles"."id")`,
    })
    .from(roles)
    .where(eq(roles.companyId, companyId))
    .orderBy(asc(roles.id));
  return rows.map(({ stored, ...r }) => ({
    ...r,
    memberCount: Number(r.memberCount),
    permissions: rolePermissions({ builtIn: r.builtIn, code: r.code, permissions: stored }),
  }));
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' || (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** Create a custom role (no roleId) or edit one. Built-in roles follow the catalogue and are read-only. */
export async function saveRole(
  db: Db,
  actor: Actor,
  input: { roleId?: number | undefined; name: string; permissions: string[] },
): Promise<Role> {
  const me = requireMember(actor);
  const permissions = withPagePermissions(input.permissions);
  grantableBy(me, { code: null, permissions });
  let roleId: number;
  try {
    roleId = await db.transaction(async (tx) => {
      if (input.roleId !== undefined) {
        const role = await findRole(tx, me.companyId, input.roleId);
        if (!role) throw notFound(STAFF.notFound.role);
        if (role.builtIn) throw conflict(STAFF.builtInRoleFixed(role, 'changed'));
        await tx.update(roles).set({ name: input.name, permissions }).where(eq(roles.id, role.roleId));
        await recordAudit(tx, actor, {
          action: 'role.update',
          targetType: 'role',
          targetId: role.roleId,
          detail: {
            before: { name: role.name, permissions: role.permissions },
            after: { name: input.name, permissions },
          },
        });
        return role.roleId;
      }
      const [created] = await tx
        .insert(roles)
        .values({ companyId: me.companyId, name: input.name, builtIn: false, permissions })
        .returning({ id: roles.id });
      await recordAudit(tx, actor, {
        action: 'role.create',
        targetType: 'role',
        targetId: created!.id,
        detail: { name: input.name, permissions },
      });
      return created!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(STAFF.roleNameTaken);
    throw err;
  }
  return (await listRoles(db, actor)).find((r) => r.roleId === roleId)!;
}

export async function deleteRole(db: Db, actor: Actor, input: { roleId: number }) {
  const me = requireMember(actor);
  await db.transaction(async (tx) => {
    const role = await findRole(tx, me.companyId, input.roleId);
    if (!role) throw notFound(STAFF.notFound.role);
    if (role.builtIn) throw conflict(STAFF.builtInRoleFixed(role, 'deleted'));
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(eq(memberships.roleId, role.roleId));
    const count = Number(held?.n ?? 0);
    if (count > 0) {
      throw conflict(STAFF.roleInUse(count));
    }
    await tx.delete(roles).where(eq(roles.id, role.roleId));
    await recordAudit(tx, actor, {
      action: 'role.delete',
      targetType: 'role',
      targetId: role.roleId,
      detail: { name: role.name },
    });
  });
}
