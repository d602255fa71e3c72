import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from './user.tables.ts';

export type UserRow = typeof users.$inferSelect;
/** What other modules show of a person. */
export interface UserContact {
  userId: number;
  mobile: string;
  name: string | null;
}

export async function findUser(db: Tx, userId: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function findUserByMobile(db: Tx, mobile: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return row ?? null;
}

/** Sign-in accepts the mobile or the username. */
export async function findUserByAccount(db: Tx, account: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.mobile, account), eq(users.username, account)))
    .limit(1);
  return row ?? null;
}

/** Mobile and name of each user id given (unknown ids are left out). */
export async function userContacts(db: Tx, userIds: readonly number[]): Promise<Map<number, UserContact>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.id, mobile: users.mobile, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.userId, r]));
}

/**
 * How lists name people: a lookup from a user id to the user's name, else their mobile (null for no user), loaded
 * once for all the ids given.
 */
export async function personNames(
  db: Tx,
  userIds: readonly (number | null)[],
): Promise<(userId: number | null) => string | null> {
  const people = await userContacts(
    db,
    userIds.filter((id): id is number => id !== null),
  );
  return (userId) => {
    const person = userId === null ? undefined : people.get(userId);
    return person ? (person.name ?? person.mobile) : null;
  };
}

/** A new user; null when the mobile (or username) is taken, also by a request racing this one. */
export async function insertUser(
  db: Tx,
  input: { mobile: string; passwordHash: string; username?: string | null; name?: string | null },
): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(input).onConflictDoNothing().returning();
  return row ?? null;
}

export async function setPasswordHash(db: Tx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, userId));
}

/** The company the user's next session starts in. */
export async function rememberLastCompany(db: Tx, userId: number, companyId: number | null) {
  await db.update(users).set({ lastCompanyId: companyId }).where(eq(users.id, userId));
}

/** Forget the remembered company when it is this one (the user left it). */
export async function forgetLastCompany(db: Tx, userId: number, companyId: number) {
  await db
    .update(users)
    .set({ lastCompanyId: null })
    .where(and(eq(users.id, userId), eq(users.lastCompanyId, companyId)));
}

/** Users, oldest first (the operator's user:list; a limit of 1 tells whether there is anyone). */
export async function listUsers(db: Tx, limit = 10_000): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.id)).limit(limit);
}
