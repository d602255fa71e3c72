import crypto from 'node:crypto';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  OPS_ABSOLUTE_HOURS,
  OPS_CODE_STEP_MINUTES,
  OPS_IDLE_MINUTES,
  OPS_TOKEN_PREFIX,
  opsPermissionsOf,
  type OpsPermission,
  type OpsRole,
} from '@mchweb/contract';
import type { Db, Tx } from '../../db/client.ts';
import { deleteInBatches } from '../../db/purge.ts';
import { hashToken } from '../session/index.ts';
import { operators, operatorSessions } from './operator.tables.ts';

// Operator sessions (issue 28, docs/decisions.md "The operator console"): 30 minutes idle and 8 hours in all,
// against a merchant's 2 hours and 7 days. An operator can freeze any merchant and move money between any of
// them, so a console left open on an unattended desk must close itself soon, and a working day is the longest a
// stolen token is any use. The code step must follow the password step within 5 minutes.
export const OPS_IDLE_MS = OPS_IDLE_MINUTES * 60_000;
export const OPS_ABSOLUTE_MS = OPS_ABSOLUTE_HOURS * 3600_000;
export const OPS_CODE_STEP_MS = OPS_CODE_STEP_MINUTES * 60_000;
/** Wrong codes one session may send before it is ended (the password step must be passed again). */
export const OPS_CODE_TRIES = 5;
const TOUCH_EVERY_MS = 60_000;

export type OperatorRevokeReason = 'logout' | 'password' | 'disabled' | 'totp' | 'code';

/** An operator session as the access plugin sees it. */
export interface OperatorSignIn {
  sessionId: number;
  operatorId: number;
  username: string;
  name: string;
  roles: OpsRole[];
  permissions: ReadonlySet<OpsPermission>;
  /** Past the TOTP step: a full session. */
  codePassed: boolean;
  expiresAt: Date;
}
export type OperatorLookup = { ok: true; signIn: OperatorSignIn } | { ok: false; replaced: boolean };

export const isOperatorToken = (token: string) => token.startsWith(OPS_TOKEN_PREFIX);

/** A session at the password step: it opens only the code step, for OPS_CODE_STEP_MS. */
export async function createOperatorSession(
  db: Tx,
  input: { operatorId: number; ip: string | null; userAgent: string | undefined },
): Promise<{ token: string; codeDeadline: Date }> {
  const token = OPS_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
  const now = new Date();
  const codeDeadline = new Date(now.getTime() + OPS_CODE_STEP_MS);
  await db.insert(operatorSessions).values({
    operatorId: input.operatorId,
    tokenHash: hashToken(token),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: codeDeadline,
  });
  return { token, codeDeadline };
}

/** The code step passed: the session becomes a full one, 8 hours from the sign-in. */
export async function passCodeStep(db: Tx, sessionId: number): Promise<Date> {
  const [row] = await db
    .update(operatorSessions)
    .set({
      codePassedAt: new Date(),
      lastSeenAt: new Date(),
      expiresAt: sql`${operatorSessions.createdAt} + ${`${OPS_ABSOLUTE_MS} milliseconds`}::interval`,
    })
    .where(eq(operatorSessions.id, sessionId))
    .returning({ expiresAt: operatorSessions.expiresAt });
  return row!.expiresAt;
}

/** One more wrong code on the session; answers how many so far. */
export async function countCodeFailure(db: Tx, sessionId: number): Promise<number> {
  const [row] = await db
    .update(operatorSessions)
    .set({ codeFailures: sql`${operatorSessions.codeFailures} + 1` })
    .where(eq(operatorSessions.id, sessionId))
    .returning({ n: operatorSessions.codeFailures });
  return row?.n ?? OPS_CODE_TRIES;
}

/** Resolve an operator token: valid (at either step), or ended (407 when ended by a password change etc.). */
export async function lookupOperatorSession(db: Db, token: string): Promise<OperatorLookup> {
  const [row] = await db
    .select({ s: operatorSessions, o: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { ok: false, replaced: false };
  const { s, o } = row;
  if (s.revokedAt) return { ok: false, replaced: s.revokeReason !== 'logout' && s.revokeReason !== 'code' };
  if (o.status !== 'ACTIVE') return { ok: false, replaced: true };
  const now = Date.now();
  if (s.expiresAt.getTime() <= now || s.lastSeenAt.getTime() + OPS_IDLE_MS <= now)
    return { ok: false, replaced: false };
  if (now - s.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(operatorSessions.id, s.id));
  }
  const roles = o.roles as OpsRole[];
  return {
    ok: true,
    signIn: {
      sessionId: s.id,
      operatorId: o.id,
      username: o.username,
      name: o.name,
      roles,
      permissions: new Set(opsPermissionsOf(roles)),
      codePassed: s.codePassedAt !== null,
      expiresAt: s.expiresAt,
    },
  };
}

export async function revokeOperatorSession(db: Tx, sessionId: number, reason: OperatorRevokeReason) {
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}

/** End the operator's sessions (all, or all but one). */
export async function revokeOperatorSessions(
  db: Tx,
  operatorId: number,
  reason: OperatorRevokeReason,
  keepSessionId?: number,
) {
  await db
    .update(operatorSessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(operatorSessions.id, keepSessionId),
      ),
    );
}

/** Delete operator sessions that ended more than a day ago (the platform's purge). */
export async function purgeEndedOperatorSessions(db: Db, now = new Date()) {
  const kept = now.getTime() - 24 * 3600_000;
  return deleteInBatches(
    db,
    operatorSessions,
    operatorSessions.id,
    or(
      lt(operatorSessions.expiresAt, new Date(kept)),
      lt(operatorSessions.lastSeenAt, new Date(kept - OPS_IDLE_MS)),
      lt(operatorSessions.revokedAt, new Date(kept)),
    )!,
  );
}
