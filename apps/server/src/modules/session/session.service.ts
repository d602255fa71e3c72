import crypto from 'node:crypto';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { deleteInBatches } from '../../db/purge.ts';
import { forgetLastCompany, rememberLastCompany } from '../user/index.ts';
import { sessions } from './session.tables.ts';

export const IDLE_MS = 2 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay reads under load. */
const TOUCH_EVERY_MS = 60 * 1000;

export type RevokeReason = 'logout' | 'password' | 'elsewhere';

export interface ActiveSession {
  sessionId: number;
  userId: number;
  companyId: number | null;
}
export type SessionLookup = { ok: true; session: ActiveSession } | { ok: false; replaced: boolean };

/** SHA-256 of a session token, as stored (one-shot `crypto.hash`: no hash object per signed-in call). */
export const hashToken = (token: string) => crypto.hash('sha256', token, 'base64url');

export async function createSession(
  db: Tx,
  input: { userId: number; companyId: number | null; ip: string; userAgent: string | undefined },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  // One clock for all three: the absolute expiry is exactly 7 days after the sign-in.
  const now = new Date();
  await db.insert(sessions).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    companyId: input.companyId,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
  });
  return token;
}

/** Resolve a token: valid, expired/unknown (401) or ended by a password change or another sign-in (407). */
export async function lookupSession(db: Db, token: string): Promise<SessionLookup> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { ok: false, replaced: false };
  if (row.revokedAt)
    return { ok: false, replaced: row.revokeReason === 'password' || row.revokeReason === 'elsewhere' };
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + IDLE_MS <= now)
    return { ok: false, replaced: false };
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, row.id));
  }
  return { ok: true, session: { sessionId: row.id, userId: row.userId, companyId: row.companyId } };
}

export async function revokeSession(db: Tx, sessionId: number, reason: RevokeReason) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** End every other session of the user (after a password change). */
export async function revokeOtherSessions(db: Tx, userId: number, keepSessionId: number, reason: RevokeReason) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

/** Switch the session's current organisation and remember it for the user's next sign-in. */
export async function setSessionCompany(
  db: Tx,
  session: { sessionId: number; userId: number },
  companyId: number | null,
) {
  await db.update(sessions).set({ companyId }).where(eq(sessions.id, session.sessionId));
  await rememberLastCompany(db, session.userId, companyId);
}

/** Sessions pointing at a company the user no longer belongs to lose it. */
export async function clearCompanyFromSessions(db: Tx, userId: number, companyId: number) {
  await db
    .update(sessions)
    .set({ companyId: null })
    .where(and(eq(sessions.userId, userId), eq(sessions.companyId, companyId)));
  await forgetLastCompany(db, userId, companyId);
}

export const countActiveSessions = async (db: Db, userId: number) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
  )[0]?.n ?? 0;

/** How long an ended session is kept: its token still answers "ended elsewhere" (407) rather than unknown. */
export const ENDED_SESSION_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Delete the sessions that ended (expired, idle past IDLE_MS, or revoked) more than a day ago (issue 25.10);
 * answers how many went.
 */
export async function purgeEndedSessions(db: Db, now = new Date()) {
  const kept = now.getTime() - ENDED_SESSION_KEPT_MS;
  return deleteInBatches(
    db,
    sessions,
    sessions.id,
    or(
      lt(sessions.expiresAt, new Date(kept)),
      lt(sessions.lastSeenAt, new Date(kept - IDLE_MS)),
      lt(sessions.revokedAt, new Date(kept)),
    )!,
  );
}
