import crypto from 'node:crypto';
import { mobile as mobileSchema, password as passwordSchema } from '@mchweb/contract';
import { systemActor } from '../actor.ts';
import type { Db } from '../db/client.ts';
import { recordAudit } from '../modules/audit/index.ts';
import { hashPassword, refuseWeakPassword } from '../modules/auth/index.ts';
import { BizError } from '../errors.ts';
import { countCompaniesByUser } from '../modules/staff/index.ts';
import { insertUser, listUsers } from '../modules/user/index.ts';
import { OpsError } from '../ops-error.ts';
import { parseOptions, type Command } from './command.ts';
import { formatTable } from './format-table.ts';

/** Users with the number of companies each belongs to. */
export async function usersWithCompanies(db: Db) {
  const users = await listUsers(db);
  const counts = await countCompaniesByUser(
    db,
    users.map((u) => u.id),
  );
  return users.map((u) => ({
    id: u.id,
    mobile: u.mobile,
    username: u.username,
    name: u.name,
    organisations: counts.get(u.id) ?? 0,
    createdAt: u.createdAt.toISOString(),
  }));
}

/** 16 characters from an alphabet without look-alikes, with a letter and a digit guaranteed. */
export function generatedPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  const body = Array.from(crypto.randomBytes(14), (b) => alphabet[b % alphabet.length]).join('');
  return `${body}${'abcdefghjkmnpqrstuvwxyz'[crypto.randomInt(23)]}${crypto.randomInt(2, 10)}`;
}

/**
 * Create a user who can sign in: in production the first owner of the service is made this way (there is no
 * demo data), then signs in and creates the organisation at /organ-create.
 */
async function createUser(db: Db, args: string[]): Promise<string> {
  const parsed = parseOptions(args, ['name', 'password', 'username']);
  const [mobileArg] = parsed.positional;
  const mobile = mobileSchema.safeParse(mobileArg ?? '');
  if (!mobile.success) throw new OpsError(`"${mobileArg ?? ''}" is not a mainland China mobile number of 11 digits.`);
  const given = parsed.options.password;
  if (given !== undefined) {
    const ok = passwordSchema.safeParse(given);
    if (!ok.success) throw new OpsError(`--password ${ok.error.issues.map((i) => i.message).join(', ')}.`);
    try {
      await refuseWeakPassword('--password', given, [
        mobile.data,
        parsed.options.username ?? null,
        parsed.options.name ?? null,
      ]);
    } catch (err) {
      if (err instanceof BizError) throw new OpsError(err.text['en-US']);
      throw err;
    }
  }
  const password = given ?? generatedPassword();
  const user = await db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      mobile: mobile.data,
      passwordHash: await hashPassword(password),
      name: parsed.options.name ?? null,
      username: parsed.options.username ?? null,
    });
    if (!created) return null;
    await recordAudit(tx, systemActor('ops'), {
      action: 'ops.user.create',
      userId: created.id,
      targetType: 'user',
      targetId: created.id,
      detail: { mobile: created.mobile },
    });
    return created;
  });
  if (!user)
    throw new OpsError(
      `A user with mobile ${mobile.data}${parsed.options.username ? ' or that username' : ''} exists already.`,
    );
  return [
    `User ${user.id} created: ${user.mobile}${user.name ? ` (${user.name})` : ''}.`,
    given === undefined ? `Password (shown once, change it after signing in): ${password}` : 'Password: as given.',
    'Next: sign in at /mchweb/login and create the organisation at /mchweb/organ-create.',
  ].join('\n');
}

export const USER_COMMANDS: Record<string, Command> = {
  'user:list': {
    usage: 'user:list',
    help: 'list users with the number of organisations they belong to',
    run: async (db) => formatTable(await usersWithCompanies(db)),
  },
  'user:create': {
    usage: 'user:create <mobile> [--name N] [--username U] [--password P]',
    help: 'create a user who can sign in (the first owner in production); prints a generated password',
    run: createUser,
  },
};
