import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { OPS_ROLES, type OperatorItem, type OperatorStatus, type OpsRole } from '@mchweb/contract';
import { requireOperator, type Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, isUniqueViolation, notFound } from '../../errors.ts';
import { hashPassword, refuseWeakPassword } from '../auth/index.ts';
import { recordOperatorAction } from './operator-audit.service.ts';
import { OPS } from './operator.messages.ts';
import { revokeOperatorSessions } from './operator-session.service.ts';
import { operators } from './operator.tables.ts';
import { newTotpSecret, otpauthUri } from './totp.ts';

type OperatorRow = typeof operators.$inferSelect;

export const operatorItem = (o: OperatorRow): OperatorItem => ({
  operatorId: o.id,
  username: o.username,
  name: o.name,
  mobile: o.mobile,
  roles: o.roles.filter((r): r is OpsRole => (OPS_ROLES as readonly string[]).includes(r)),
  status: o.status as OperatorStatus,
  totpEnrolled: o.totpConfirmedAt !== null,
  lastSignInAt: o.lastSignInAt?.toISOString() ?? null,
  createdAt: o.createdAt.toISOString(),
});

/** What the audit log keeps of an operator (never the password hash or the TOTP secret). */
const auditView = (o: OperatorRow) => {
  const { passwordHash: _p, totpSecret: _s, totpLastStep: _l, ...rest } = o;
  return { ...rest, totpEnrolled: o.totpConfirmedAt !== null };
};

export async function findOperatorByAccount(db: Tx, account: string): Promise<OperatorRow | null> {
  const key = account.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(operators)
    .where(/^1\d{10}$/.test(key) ? eq(operators.mobile, key) : eq(operators.username, key))
    .limit(1);
  return row ?? null;
}

export async function findOperator(db: Tx, operatorId: number): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, operatorId));
  return row ?? null;
}

export const countOperators = async (db: Tx) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(operators))[0]?.n ?? 0;

export interface NewOperator {
  username: string;
  name: string;
  mobile?: string | undefined;
  roles: OpsRole[];
  password: string;
}

/**
 * Create an operator with a fresh TOTP secret, to be proven at the first sign-in (enrolment). Called by an admin
 * through the console and by `npm run ops -- operator:create` (the first operator), which prints the secret.
 */
export async function createOperator(db: Db, actor: Actor, input: NewOperator) {
  await refuseWeakPassword('password', input.password, [input.username, input.mobile ?? null, input.name]);
  const passwordHash = await hashPassword(input.password);
  const totpSecret = newTotpSecret();
  try {
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(operators)
        .values({
          username: input.username.toLowerCase(),
          name: input.name,
          mobile: input.mobile ?? null,
          passwordHash,
          totpSecret,
          roles: [...new Set(input.roles)],
        })
        .returning();
      await recordOperatorAction(tx, actor, {
        action: 'operator.create',
        targetType: 'operator',
        targetId: row!.id,
        after: auditView(row!),
      });
      return row!;
    });
    return { operator: operatorItem(created), totpSecret, otpauthUri: otpauthUri(totpSecret, created.username) };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const taken = await findOperatorByAccount(db, input.username);
    throw conflict(taken ? OPS.usernameTaken : OPS.mobileTaken);
  }
}

export async function listOperators(db: Tx): Promise<OperatorItem[]> {
  return (await db.select().from(operators).orderBy(asc(operators.id))).map(operatorItem);
}

/** Some other active admin remains when `operatorId` stops being one. */
async function otherActiveAdmin(tx: Tx, operatorId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(operators)
    .where(
      and(ne(operators.id, operatorId), eq(operators.status, 'ACTIVE'), sql`${operators.roles} @> '["ADMIN"]'::jsonb`),
    );
  return (row?.n ?? 0) > 0;
}

type Change = 'update' | 'disable' | 'enable' | 'resetTotp';

/** Change an operator (admin): name or roles, status, or a reset of the authenticator. Answers the operator. */
export async function changeOperator(
  db: Db,
  actor: Actor,
  input: { operatorId: number; name?: string | undefined; roles?: OpsRole[] | undefined; reason?: string | undefined },
  change: Change,
): Promise<OperatorItem> {
  const me = requireOperator(actor);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(operators).where(eq(operators.id, input.operatorId)).for('update');
    if (!before) throw notFound(OPS.operatorNotFound);
    const wasAdmin = before.status === 'ACTIVE' && before.roles.includes('ADMIN');
    const set: Partial<OperatorRow> = { updatedAt: new Date() };
    if (change === 'update') {
      if (input.name !== undefined) set.name = input.name;
      if (input.roles !== undefined) set.roles = [...new Set(input.roles)];
    } else if (change === 'disable') {
      if (input.operatorId === me.operatorId) throw conflict(OPS.notYourself);
      set.status = 'DISABLED';
    } else if (change === 'enable') {
      set.status = 'ACTIVE';
    } else {
      if (input.operatorId === me.operatorId) throw conflict(OPS.notYourself);
      set.totpSecret = newTotpSecret();
      set.totpConfirmedAt = null;
      set.totpLastStep = null;
    }
    const staysAdmin = (set.status ?? before.status) === 'ACTIVE' && (set.roles ?? before.roles).includes('ADMIN');
    if (wasAdmin && !staysAdmin && !(await otherActiveAdmin(tx, before.id))) throw conflict(OPS.lastAdmin);
    const [after] = await tx.update(operators).set(set).where(eq(operators.id, before.id)).returning();
    if (change === 'disable') await revokeOperatorSessions(tx, before.id, 'disabled');
    if (change === 'resetTotp') await revokeOperatorSessions(tx, before.id, 'totp');
    await recordOperatorAction(tx, actor, {
      action: `operator.${change}`,
      targetType: 'operator',
      targetId: before.id,
      before: auditView(before),
      after: auditView(after!),
      reason: input.reason,
    });
    return operatorItem(after!);
  });
}
