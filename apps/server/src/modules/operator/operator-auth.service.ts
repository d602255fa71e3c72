import { and, eq, gt, lt, sql } from 'drizzle-orm';
import {
  Code,
  OPS_IDLE_MINUTES,
  opsPermissionsOf,
  type OpsLoginData,
  type OpsMe,
  type OpsRole,
} from '@mchweb/contract';
import { requireOperator, type Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import { deleteInBatches } from '../../db/purge.ts';
import { BizError, conflict, forbidden, invalid } from '../../errors.ts';
import type { Text } from '../../i18n/text.ts';
import { hashPassword, refuseWeakPassword, verifyPassword } from '../auth/index.ts';
import { findOperator, findOperatorByAccount } from './operator-account.service.ts';
import { recordOperatorAction } from './operator-audit.service.ts';
import {
  countCodeFailure,
  createOperatorSession,
  OPS_CODE_TRIES,
  passCodeStep,
  revokeOperatorSession,
  revokeOperatorSessions,
  type OperatorSignIn,
} from './operator-session.service.ts';
import { OPS } from './operator.messages.ts';
import { operators, operatorSignInFailures } from './operator.tables.ts';
import { acceptedStep, otpauthUri, qrDataUrl } from './totp.ts';

// The merchant sign-in's limits (auth.service.ts): 5 failures an account and 20 an address in 15 minutes.
const WINDOW_MS = 15 * 60_000;
const PER_ACCOUNT = 5;
const PER_ADDRESS = 20;
const TRY_LOCK = 28_028;
const DUMMY_HASH = hashPassword('not-a-real-password-1');

const paused = () => new BizError(Code.TOO_MANY, OPS.signInPaused);

/**
 * Count a password try before checking it, under an advisory lock on the account (and address), so concurrent
 * guesses queue and each sees those before it (the merchant sign-in's way, issue 25.5).
 */
async function countTry(db: Db, key: string, ip: string) {
  return db.transaction(async (tx) => {
    const since = new Date(Date.now() - WINDOW_MS);
    await tx.execute(sql`select pg_advisory_xact_lock(${TRY_LOCK}, hashtext(${key}))`);
    const [byAccount] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(operatorSignInFailures)
      .where(and(eq(operatorSignInFailures.account, key), gt(operatorSignInFailures.at, since)));
    if ((byAccount?.n ?? 0) >= PER_ACCOUNT) throw paused();
    await tx.execute(sql`select pg_advisory_xact_lock(${TRY_LOCK}, hashtext(${`ip:${ip}`}))`);
    const [byAddress] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(operatorSignInFailures)
      .where(and(eq(operatorSignInFailures.ip, ip), gt(operatorSignInFailures.at, since)));
    if ((byAddress?.n ?? 0) >= PER_ADDRESS) throw paused();
    await tx.insert(operatorSignInFailures).values({ account: key, ip });
    return PER_ACCOUNT - (byAccount?.n ?? 0) - 1;
  });
}

/** The password step: answers a session that opens only the code step (or the enrolment). */
export async function operatorLogin(
  db: Db,
  actor: Actor,
  input: { account: string; password: string },
): Promise<OpsLoginData> {
  const operator = await findOperatorByAccount(db, input.account);
  const key = operator ? `operator:${operator.id}` : `account:${input.account.trim().toLowerCase()}`;
  const left = await countTry(db, key, actor.ip ?? '');
  const valid = await verifyPassword(operator?.passwordHash ?? (await DUMMY_HASH), input.password);
  if (!operator || !valid) throw invalid(OPS.wrongPassword(left));
  if (operator.status !== 'ACTIVE') throw forbidden(OPS.disabled);
  await db.delete(operatorSignInFailures).where(eq(operatorSignInFailures.account, key));
  const { token, codeDeadline } = await createOperatorSession(db, {
    operatorId: operator.id,
    ip: actor.ip,
    userAgent: actor.userAgent,
  });
  return {
    token,
    next: operator.totpConfirmedAt ? 'CODE' : 'ENROL',
    codeDeadline: codeDeadline.toISOString(),
  };
}

/** The authenticator's secret for an operator who has not enrolled one yet (QR code and URI). */
export async function totpEnrolment(db: Db, signIn: OperatorSignIn) {
  const operator = (await findOperator(db, signIn.operatorId))!;
  if (operator.totpConfirmedAt) throw conflict(OPS.alreadyEnrolled);
  const uri = otpauthUri(operator.totpSecret, operator.username);
  return { secret: operator.totpSecret, otpauthUri: uri, qrDataUrl: await qrDataUrl(uri) };
}

export function opsMe(
  operator: { id: number; username: string; name: string; mobile: string | null; roles: string[] },
  expiresAt: Date,
): OpsMe {
  const roles = operator.roles as OpsRole[];
  return {
    operatorId: operator.id,
    username: operator.username,
    name: operator.name,
    mobile: operator.mobile,
    roles,
    permissions: opsPermissionsOf(roles),
    sessionExpiresAt: expiresAt.toISOString(),
    idleMinutes: OPS_IDLE_MINUTES,
  };
}

/**
 * The code step: a right code of this step (or one either side) not used before makes the session a full one,
 * and confirms the enrolment of a new authenticator. OPS_CODE_TRIES wrong codes end the session.
 */
export async function verifyOperatorCode(db: Db, actor: Actor, signIn: OperatorSignIn, code: string): Promise<OpsMe> {
  const answer = await db.transaction(async (tx): Promise<{ me: OpsMe } | { refused: Text }> => {
    // Locked: two requests with the same code cannot both pass the replay check.
    const [operator] = await tx.select().from(operators).where(eq(operators.id, signIn.operatorId)).for('update');
    const found = await acceptedStep(operator!.totpSecret, code, { after: operator!.totpLastStep });
    if (!found || 'replayed' in found) {
      const failures = await countCodeFailure(tx, signIn.sessionId);
      if (failures >= OPS_CODE_TRIES) await revokeOperatorSession(tx, signIn.sessionId, 'code');
      // Answered, not thrown: the failure's count must commit.
      return { refused: found ? OPS.codeUsed : OPS.wrongCode(OPS_CODE_TRIES - failures) };
    }
    const enrolling = operator!.totpConfirmedAt === null;
    const now = new Date();
    await tx
      .update(operators)
      .set({ totpLastStep: found.step, lastSignInAt: now, ...(enrolling ? { totpConfirmedAt: now } : {}) })
      .where(eq(operators.id, operator!.id));
    const expiresAt = await passCodeStep(tx, signIn.sessionId);
    await recordOperatorAction(tx, actor, {
      action: enrolling ? 'operator.enrol' : 'operator.signIn',
      targetType: 'operator',
      targetId: operator!.id,
      after: { sessionId: signIn.sessionId, expiresAt: expiresAt.toISOString() },
    });
    return { me: opsMe(operator!, expiresAt) };
  });
  if ('refused' in answer) throw invalid(answer.refused);
  return answer.me;
}

export async function operatorMe(db: Db, signIn: OperatorSignIn): Promise<OpsMe> {
  return opsMe((await findOperator(db, signIn.operatorId))!, signIn.expiresAt);
}

export async function operatorLogout(db: Db, actor: Actor, signIn: OperatorSignIn) {
  await db.transaction(async (tx) => {
    await revokeOperatorSession(tx, signIn.sessionId, 'logout');
    await recordOperatorAction(tx, actor, {
      action: 'operator.signOut',
      targetType: 'operator',
      targetId: signIn.operatorId,
    });
  });
}

export async function changeOperatorPassword(
  db: Db,
  actor: Actor,
  input: { oldPassword: string; newPassword: string },
) {
  const me = requireOperator(actor);
  const operator = (await findOperator(db, me.operatorId))!;
  const key = `operator:${operator.id}`;
  await countTry(db, key, actor.ip ?? '');
  if (!(await verifyPassword(operator.passwordHash, input.oldPassword))) throw invalid(OPS.oldPasswordWrong);
  await db.delete(operatorSignInFailures).where(eq(operatorSignInFailures.account, key));
  await refuseWeakPassword('newPassword', input.newPassword, [operator.username, operator.mobile, operator.name]);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(operators).set({ passwordHash, updatedAt: new Date() }).where(eq(operators.id, operator.id));
    await revokeOperatorSessions(tx, operator.id, 'password', me.sessionId);
    await recordOperatorAction(tx, actor, {
      action: 'operator.changePassword',
      targetType: 'operator',
      targetId: operator.id,
    });
  });
}

/** Failed password steps older than their window count for nothing: the platform's purge deletes them. */
export const purgeOldOperatorFailures = (db: Db, now = new Date()) =>
  deleteInBatches(
    db,
    operatorSignInFailures,
    operatorSignInFailures.id,
    lt(operatorSignInFailures.at, new Date(now.getTime() - WINDOW_MS)),
  );
