import type { FastifyRequest } from 'fastify';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { Code, menuFor, type CurrentUserData, type LoginData } from '@mchweb/contract';
import type { Db } from '../../db/client.ts';
import { BizError, conflict, invalid } from '../../plugins/envelope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { listMerchantSummaries } from '../merchant/merchant.service.ts';
import { acceptInvitations, blockedStartingCompany, startingCompany } from '../staff/member-access.ts';
import { cachedMemberAccess, memberBlock, requireSession } from '../../plugins/access.ts';
import { loginFailures, users } from './auth.tables.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSession, revokeOtherSessions, revokeSession } from './session.service.ts';
import { consumeSmsCode } from './sms.service.ts';
import { M } from '../../i18n/messages.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

// Verified when the account does not exist, so a wrong account costs as long as a wrong password.
const DUMMY_HASH = hashPassword('not-a-real-password-1');

async function startSession(
  db: Db,
  request: FastifyRequest,
  user: { id: number; mobile: string; lastCompanyId: number | null },
): Promise<LoginData> {
  const usable = await startingCompany(db, user.id, user.lastCompanyId);
  // Nowhere to work: start in a blocked organisation so the portal shows why (/login-error), never its merchants.
  const companyId = usable ?? (await blockedStartingCompany(db, user.id, user.lastCompanyId));
  const token = await createSession(db, {
    userId: user.id,
    companyId,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  return { token, mchInfo: await listMerchantSummaries(db, usable) };
}

export async function register(
  db: Db,
  request: FastifyRequest,
  input: { mobile: string; smsCode: string; password: string },
) {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, input.mobile)).limit(1);
  if (existing) throw conflict(M.mobileRegistered);
  await consumeSmsCode(db, { mobile: input.mobile, scene: 'register', code: input.smsCode });
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ mobile: input.mobile, passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(M.mobileRegistered);
    const joined = await acceptInvitations(tx, created.id, created.mobile);
    if (joined[0] !== undefined)
      await tx.update(users).set({ lastCompanyId: joined[0] }).where(eq(users.id, created.id));
    await recordAudit(tx, request, {
      action: 'user.register',
      userId: created.id,
      companyId: null,
      targetType: 'user',
      targetId: created.id,
      detail: { joinedCompanies: joined },
    });
    return { ...created, lastCompanyId: joined[0] ?? null };
  });
  return startSession(db, request, user);
}

function retryAt(byAccount: boolean, oldest: Date) {
  const at = new Date(oldest.getTime() + THROTTLE_WINDOW_MS);
  const minutes = Math.max(1, Math.ceil((at.getTime() - Date.now()) / 60000));
  return M.signInPaused(byAccount, minutes, at);
}

async function recentFailures(db: Db, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${loginFailures.at})` })
    .from(loginFailures)
    .where(and(where, gt(loginFailures.at, new Date(Date.now() - THROTTLE_WINDOW_MS))));
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : new Date() };
}

export async function login(db: Db, request: FastifyRequest, input: { account: string; password: string }) {
  const account = input.account.trim();
  const byAccount = await recentFailures(db, eq(loginFailures.account, account));
  if (byAccount.count >= MAX_FAILURES_PER_ACCOUNT) {
    throw new BizError(Code.TOO_MANY, retryAt(true, byAccount.oldest));
  }
  const byAddress = await recentFailures(db, eq(loginFailures.ip, request.ip));
  if (byAddress.count >= MAX_FAILURES_PER_ADDRESS) {
    throw new BizError(Code.TOO_MANY, retryAt(false, byAddress.oldest));
  }
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.mobile, account), eq(users.username, account)))
    .limit(1);
  const valid = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), input.password);
  if (!user || !valid) {
    await db.insert(loginFailures).values({ account, ip: request.ip });
    const left = MAX_FAILURES_PER_ACCOUNT - byAccount.count - 1;
    throw invalid(M.wrongPassword(left));
  }
  await db.delete(loginFailures).where(eq(loginFailures.account, account));
  return startSession(db, request, user);
}

export async function logout(db: Db, request: FastifyRequest) {
  const session = requireSession(request);
  await db.transaction(async (tx) => {
    await revokeSession(tx, session.sessionId, 'logout');
    await recordAudit(tx, request, { action: 'user.logout', targetType: 'user', targetId: session.userId });
  });
}

export async function changePassword(
  db: Db,
  request: FastifyRequest,
  input: { oldPassword: string; newPassword: string },
) {
  const { userId, sessionId } = requireSession(request);
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, input.oldPassword))) throw invalid(M.oldPasswordWrong);
  if (input.oldPassword === input.newPassword) throw invalid(M.newPasswordSame);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
    await revokeOtherSessions(tx, userId, sessionId, 'password');
    await recordAudit(tx, request, { action: 'user.changePassword', targetType: 'user', targetId: userId });
  });
}

/** userInfo, the menu and buttons of the member's role, and the merchants of the current organisation. */
export async function currentUser(db: Db, request: FastifyRequest): Promise<CurrentUserData> {
  if (!request.session) return null;
  const { userId, companyId } = request.session;
  const app = request.server;
  const [user] = await app.accessCache.get(`user:${userId}`, () =>
    db.select().from(users).where(eq(users.id, userId)).limit(1),
  );
  if (!user) return null;
  const member = companyId === null ? null : await cachedMemberAccess(app, userId, companyId);
  const granted = member && !memberBlock(member) ? member.permissions : new Set<string>();
  const working = member !== null && !memberBlock(member);
  const menu = working ? menuFor(granted) : [];
  const mchList = working
    ? await app.accessCache.get(`merchants:${companyId}`, () => listMerchantSummaries(db, companyId))
    : [];
  return {
    userInfo: {
      userId: user.id,
      mobile: user.mobile,
      username: user.username,
      name: user.name,
      companyId: member ? companyId : null,
      companyName: member?.companyName ?? null,
      role: member?.roleCode ?? (member ? 'CUSTOM' : null),
      roleName: member?.roleName ?? null,
    },
    menuData: menu.map((g) => ({
      code: g.code,
      icon: g.icon,
      children: g.children.map((c) => ({ code: c.code, path: c.path })),
    })),
    buttonData: [...granted].sort().map((code) => ({ code })),
    mchList,
  };
}
