import { and, eq, gt, lt, sql } from 'drizzle-orm';
import {
  Code,
  judgePassword,
  menuFor,
  type CurrentUserData,
  type LoginData,
  type MerchantSummary,
} from '@mchweb/contract';
import { memberBlock, requireUser, type Actor, type Membership } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { deleteInBatches } from '../../db/purge.ts';
import { BizError, conflict, invalid } from '../../errors.ts';
import { deepFreeze } from '../../frozen-answer.ts';
import { recordAudit } from '../audit/index.ts';
import { blockedStartingCompany, memberAccess, startingCompany } from '../company/index.ts';
import { listMerchantSummaries } from '../merchant/index.ts';
import { createSession, revokeOtherSessions, revokeSession } from '../session/index.ts';
import { checkSmsCode, consumeSmsCode } from '../sms/index.ts';
import { findUser, findUserByAccount, findUserByMobile, insertUser, setPasswordHash } from '../user/index.ts';
import { AUTH } from './auth.messages.ts';
import { loginFailures } from './auth.tables.ts';
import { hashPassword, verifyPassword } from './password.ts';

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
/** The first key of the advisory locks that queue the tries of one account or address (see `countTry`). */
const TRY_LOCK = 25_005;

// Verified when the account does not exist, so a wrong account costs as long as a wrong password.
const DUMMY_HASH = hashPassword('not-a-real-password-1');

/** A short-lived lookup cache the route may offer (the access cache); without one, every lookup reads. */
export type Lookup = <T>(key: string, load: () => Promise<T>) => Promise<T>;
const noCache: Lookup = (_key, load) => load();

async function startSession(
  db: Db,
  actor: Actor,
  user: { id: number; mobile: string; lastCompanyId: number | null },
): Promise<LoginData> {
  const usable = await startingCompany(db, user.id, user.lastCompanyId);
  // Nowhere to work: start in a blocked company so the portal shows why (/login-error), never its merchants.
  const companyId = usable ?? (await blockedStartingCompany(db, user.id, user.lastCompanyId));
  const token = await createSession(db, {
    userId: user.id,
    companyId,
    ip: actor.ip ?? '',
    userAgent: actor.userAgent,
  });
  // A member limited to some merchants is told of those only.
  const member = usable === null ? null : await memberAccess(db, user.id, usable);
  return { token, mchInfo: await listMerchantSummaries(db, usable, member?.merchantIds ?? null) };
}

export async function register(db: Db, actor: Actor, input: { mobile: string; smsCode: string; password: string }) {
  // The code first: until it is right, a registered mobile and a new one get the same answer, so /register
  // does not tell a stranger who has an account (the code proves the caller holds the mobile).
  // Checked, not used up: the holder of a right code may be told "already registered" (or "too weak") and try
  // again with the same code.
  const code = { mobile: input.mobile, scene: 'register', code: input.smsCode };
  await checkSmsCode(db, code);
  if (await findUserByMobile(db, input.mobile)) throw conflict(AUTH.mobileRegistered);
  await refuseWeakPassword('password', input.password, [input.mobile]);
  await consumeSmsCode(db, code);
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const created = await insertUser(tx, { mobile: input.mobile, passwordHash });
    if (!created) throw conflict(AUTH.mobileRegistered);
    // Invitations to this mobile stay invitations: the new user accepts or declines them (issue 14.2).
    await recordAudit(tx, actor, {
      action: 'user.register',
      userId: created.id,
      companyId: null,
      targetType: 'user',
      targetId: created.id,
    });
    return created;
  });
  return startSession(db, actor, user);
}

/** Refuse a new password that is easy to guess or holds the person's own details (issue 14.7). */
export async function refuseWeakPassword(field: string, password: string, personal: (string | null)[]) {
  const verdict = await judgePassword(password, personal);
  if (!verdict.ok) throw invalid(AUTH.weakPassword(field, verdict.weakness ?? 'tooGuessable'));
}

function retryAt(byAccount: boolean, oldest: Date) {
  const at = new Date(oldest.getTime() + THROTTLE_WINDOW_MS);
  const minutes = Math.max(1, Math.ceil((at.getTime() - Date.now()) / 60000));
  return AUTH.signInPaused(byAccount, minutes, at);
}

async function recentFailures(db: Db | Tx, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${loginFailures.at})` })
    .from(loginFailures)
    .where(and(where, gt(loginFailures.at, new Date(Date.now() - THROTTLE_WINDOW_MS))));
  return { count: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : new Date() };
}

/**
 * What failed sign-ins are counted under: the user, whichever spelling named them (mobile or username), so
 * `demo` and `13800138000` share one count; an account that names nobody counts under what was typed.
 */
const failureKey = (user: { id: number } | null, account: string) =>
  user ? `user:${user.id}` : `account:${account.toLowerCase()}`;

/**
 * Count a try before checking it (issue 25.5). The recent failures are counted and the try written as one in a
 * transaction that holds a lock on the account's key (and the address): concurrent tries of one account queue
 * there, and each sees the ones before it, where a count read apart from the write let 25 of 25 concurrent
 * guesses through. The lock is held for two short statements only, not while the password is checked. A try
 * refused here is not written (hammering a paused account does not keep it paused); one that proves right is
 * taken back (`clearTry`).
 */
async function countTry(db: Db, key: string, ip: string, limitAddress: boolean) {
  return db.transaction(async (tx) => {
    // Always account, then address: two tries lock in the same order and cannot wait on each other.
    await tx.execute(sql`select pg_advisory_xact_lock(${TRY_LOCK}, hashtext(${key}))`);
    const failures = await recentFailures(tx, eq(loginFailures.account, key));
    if (failures.count >= MAX_FAILURES_PER_ACCOUNT) throw new BizError(Code.TOO_MANY, retryAt(true, failures.oldest));
    if (limitAddress) {
      await tx.execute(sql`select pg_advisory_xact_lock(${TRY_LOCK}, hashtext(${`ip:${ip}`}))`);
      const byAddress = await recentFailures(tx, eq(loginFailures.ip, ip));
      if (byAddress.count >= MAX_FAILURES_PER_ADDRESS) {
        throw new BizError(Code.TOO_MANY, retryAt(false, byAddress.oldest));
      }
    }
    const [tried] = await tx.insert(loginFailures).values({ account: key, ip }).returning({ id: loginFailures.id });
    return { id: tried!.id, left: MAX_FAILURES_PER_ACCOUNT - failures.count - 1 };
  });
}

/** A try that proved right is no failure: its row goes (and, for a sign-in, the account's earlier ones). */
const clearTry = (db: Db, id: number) => db.delete(loginFailures).where(eq(loginFailures.id, id));

export async function login(db: Db, actor: Actor, input: { account: string; password: string }) {
  const account = input.account.trim();
  const user = await findUserByAccount(db, account);
  const key = failureKey(user, account);
  const tried = await countTry(db, key, actor.ip ?? '', true);
  const valid = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), input.password);
  if (!user || !valid) throw invalid(AUTH.wrongPassword(tried.left));
  await db.delete(loginFailures).where(eq(loginFailures.account, key));
  return startSession(db, actor, user);
}

/** Delete the failed sign-ins older than the window they count in (issue 25.10): they pause nothing any more. */
export async function purgeOldLoginFailures(db: Db, now = new Date()) {
  const before = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  return deleteInBatches(db, loginFailures, loginFailures.id, lt(loginFailures.at, before));
}

export async function logout(db: Db, actor: Actor) {
  const session = requireUser(actor);
  await db.transaction(async (tx) => {
    await revokeSession(tx, session.sessionId, 'logout');
    await recordAudit(tx, actor, { action: 'user.logout', targetType: 'user', targetId: session.userId });
  });
}

export async function changePassword(db: Db, actor: Actor, input: { oldPassword: string; newPassword: string }) {
  const { userId, sessionId } = requireUser(actor);
  const user = await findUser(db, userId);
  // A wrong current password counts with the failed sign-ins: a stolen session cannot guess it freely.
  const key = failureKey({ id: userId }, '');
  const tried = await countTry(db, key, actor.ip ?? '', false);
  if (!user || !(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw invalid(AUTH.oldPasswordWrong(tried.left));
  }
  await clearTry(db, tried.id);
  if (input.oldPassword === input.newPassword) throw invalid(AUTH.newPasswordSame);
  await refuseWeakPassword('newPassword', input.newPassword, [user.mobile, user.username, user.name]);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, userId, passwordHash);
    await revokeOtherSessions(tx, userId, sessionId, 'password');
    await recordAudit(tx, actor, { action: 'user.changePassword', targetType: 'user', targetId: userId });
  });
}

/**
 * The last answer built for a membership, with the user and merchant list it was made of. With the access
 * cache on, a GET's membership, user and merchants are the cached objects themselves: the same three objects
 * make the same answer, so it is handed out again (frozen; the serialiser then reuses its text, see
 * frozen-answer.ts). Any write empties the cache, new objects are loaded, and a new answer is built.
 */
const lastAnswer = new WeakMap<Membership, { user: object; mchList: object; answer: CurrentUserData }>();

/** userInfo, the menu and buttons of the member's role, and the merchants of the current company. */
export async function currentUser(db: Db, actor: Actor, cached: Lookup = noCache): Promise<CurrentUserData> {
  if (actor.kind !== 'user' || actor.userId === null) return null;
  const { userId, companyId, member } = actor;
  const user = await cached(`user:${userId}`, () => findUser(db, userId));
  if (!user) return null;
  const working = member !== null && !memberBlock(member);
  const mchList = working ? await cached(`merchants:${companyId}`, () => listMerchantSummaries(db, companyId)) : [];
  if (!member) return buildAnswer(user, null, companyId, false, mchList);
  const last = lastAnswer.get(member);
  if (last && last.user === user && last.mchList === mchList) return last.answer;
  const answer = deepFreeze(buildAnswer(user, member, companyId, working, mchList));
  lastAnswer.set(member, { user, mchList, answer });
  return answer;
}

function buildAnswer(
  user: { id: number; mobile: string; username: string | null; name: string | null },
  member: Membership | null,
  companyId: number | null,
  working: boolean,
  mchList: MerchantSummary[],
): CurrentUserData {
  const granted = working ? member!.permissions : new Set<string>();
  const menu = working ? menuFor(granted) : [];
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
    // The organisation's merchants are cached per organisation; a member limited to some sees those only.
    mchList: member?.merchantIds ? mchList.filter((m) => member.merchantIds!.includes(m.mchId)) : mchList,
  };
}
