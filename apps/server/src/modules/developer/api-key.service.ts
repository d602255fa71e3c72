import crypto from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyMode,
  type ApiKeyScope,
  type CreatedApiKey,
  type Permission,
} from '@mchweb/contract';
import { requireMember, type Actor, type Membership } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { covers } from '../../merchant-scope.ts';
import { recordAudit } from '../audit/index.ts';
import { checkedMerchantIds, merchantNamesOf, namedMerchants } from '../merchant/index.ts';
import { personNames } from '../user/index.ts';
import { DEVELOPER } from './developer.messages.ts';
import { apiKeys } from './developer.tables.ts';

type KeyRow = typeof apiKeys.$inferSelect;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** `n` characters drawn uniformly from base62 (rejection sampling: no bias towards the first characters). */
export function randomBase62(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const byte of crypto.randomBytes(n * 2)) {
      if (byte < 248 && out.length < n) out += BASE62[byte % 62];
    }
  }
  return out;
}
/** 12 characters of the key's public id (71 bits), 43 of its secret (256 bits). */
const KEY_ID_LENGTH = 12;
const SECRET_LENGTH = 43;
const KEY_PATTERN = /^mk_(live|test)_([0-9A-Za-z]{12})_([0-9A-Za-z]{43})$/;

/** The SHA-256 of the whole key: the only thing of the secret that is stored. */
export const hashApiKey = (key: string) => crypto.createHash('sha256').update(key).digest('base64url');

/**
 * A scope a key may hold only when its creator's role may do the same in the portal: nobody hands a program more
 * than they may do themselves. Creating payments and webhooks have no portal permission of their own beyond
 * `developer:manage`, which the creator holds.
 */
const SCOPE_NEEDS: Partial<Record<ApiKeyScope, Permission>> = {
  'orders:read': 'order:view',
  'refunds:write': 'order:refund',
  'settlements:read': 'settlement:view',
};

const view = (
  row: KeyRow,
  names: Map<number, { mchNo: string; name: string }>,
  personName: (userId: number | null) => string | null,
): ApiKey => ({
  keyId: row.keyId,
  prefix: `${API_KEY_PREFIX[row.mode as ApiKeyMode]}${row.keyId}`,
  mode: row.mode as ApiKeyMode,
  name: row.name,
  scopes: row.scopes as ApiKeyScope[],
  merchantIds: row.merchantIds,
  merchants: namedMerchants(row.merchantIds, names),
  status: row.revokedAt ? 'REVOKED' : 'ACTIVE',
  createdAt: row.createdAt.toISOString(),
  createdBy: personName(row.createdBy),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

async function views(db: Tx, me: Membership, rows: KeyRow[]): Promise<ApiKey[]> {
  const names = await merchantNamesOf(
    db,
    rows.flatMap((r) => (r.merchantIds ?? []).filter((id) => covers(me.merchantIds, id))),
  );
  const personName = await personNames(
    db,
    rows.map((r) => r.createdBy),
  );
  return rows.map((r) => view(r, names, personName));
}

/** `GET /developer/key/list`: the organisation's keys, newest first. */
export async function listApiKeys(db: Db, actor: Actor): Promise<ApiKey[]> {
  const me = requireMember(actor);
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.companyId, me.companyId)).orderBy(desc(apiKeys.id));
  return views(db, me, rows);
}

/** The merchants a key is to act for, checked as a member's scope is: never more than its creator sees. */
const checkedMerchants = (tx: Tx, me: Membership, ids: readonly number[] | null) =>
  checkedMerchantIds(tx, me, ids, () => invalid(DEVELOPER.onlyYourMerchants));

/**
 * `POST /developer/key/create`: a new key of the server's mode (`mk_test_` on a sandbox server). The answer holds
 * the whole key this once; the table keeps its SHA-256. `now` is the key's creation time (the demo's keys are made
 * in its past).
 */
export async function createApiKey(
  db: Db,
  actor: Actor,
  input: { name: string; scopes: ApiKeyScope[]; merchantIds: number[] | null },
  mode: ApiKeyMode,
  now = new Date(),
): Promise<CreatedApiKey> {
  const me = requireMember(actor);
  const missing = input.scopes.filter((s) => {
    const needs = SCOPE_NEEDS[s];
    return needs !== undefined && !me.permissions.has(needs);
  });
  if (missing.length > 0) throw forbidden(DEVELOPER.scopeNotYours(missing));
  return db.transaction(async (tx) => {
    const merchantIds = await checkedMerchants(tx, me, input.merchantIds);
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.companyId, me.companyId), isNull(apiKeys.revokedAt)));
    if ((active?.n ?? 0) >= API_KEYS_MAX) throw conflict(DEVELOPER.tooManyKeys(API_KEYS_MAX));
    const keyId = randomBase62(KEY_ID_LENGTH);
    const secret = `${API_KEY_PREFIX[mode]}${keyId}_${randomBase62(SECRET_LENGTH)}`;
    const [row] = await tx
      .insert(apiKeys)
      .values({
        keyId,
        companyId: me.companyId,
        mode,
        name: input.name,
        scopes: [...input.scopes].sort(),
        merchantIds,
        secretHash: hashApiKey(secret),
        createdBy: actor.userId,
        createdAt: now,
      })
      .returning();
    await recordAudit(tx, actor, {
      action: 'apiKey.create',
      targetType: 'apiKey',
      targetId: keyId,
      detail: { name: input.name, scopes: row!.scopes, merchantIds },
    });
    const [key] = await views(tx, me, [row!]);
    return { key: key!, secret };
  });
}

/** `POST /developer/key/revoke`: refused from the next call on; a revoked key answers as it is. */
export async function revokeApiKey(db: Db, actor: Actor, input: { keyId: string }, now = new Date()): Promise<ApiKey> {
  const me = requireMember(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.companyId, me.companyId), eq(apiKeys.keyId, input.keyId)))
      .for('update');
    if (!row) throw notFound(DEVELOPER.keyNotFound);
    if (row.revokedAt) return (await views(tx, me, [row]))[0]!;
    const [revoked] = await tx.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, row.id)).returning();
    await recordAudit(tx, actor, {
      action: 'apiKey.revoke',
      targetType: 'apiKey',
      targetId: row.keyId,
      detail: { name: row.name },
    });
    return (await views(tx, me, [revoked!]))[0]!;
  });
}

/** A key that authenticated: what the merchant API acts with. */
export interface ApiKeyHolder {
  id: number;
  keyId: string;
  companyId: number;
  mode: ApiKeyMode;
  scopes: ReadonlySet<ApiKeyScope>;
  merchantIds: readonly number[] | null;
}

/**
 * The active key a bearer value names, or null (malformed, unknown, wrong secret, revoked, or a key of the other
 * mode). The secret's hash is compared in constant time after the lookup by its public id.
 */
export async function authenticateApiKey(db: Db, value: string, mode: ApiKeyMode): Promise<ApiKeyHolder | null> {
  const parsed = KEY_PATTERN.exec(value);
  if (!parsed || parsed[1] !== mode) return null;
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyId, parsed[2]!));
  if (!row || row.revokedAt) return null;
  const given = Buffer.from(hashApiKey(value));
  const stored = Buffer.from(row.secretHash);
  if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) return null;
  return {
    id: row.id,
    keyId: row.keyId,
    companyId: row.companyId,
    mode,
    scopes: new Set(row.scopes as ApiKeyScope[]),
    merchantIds: row.merchantIds,
  };
}

/**
 * Note the key's use, at most once a minute per key: the list shows "last used" to the minute, and a write per
 * call would make every read of the API a write. `at` is the use's time (now; the demo's uses are in its past).
 */
export async function touchApiKey(db: Db, id: number, at?: Date): Promise<void> {
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  await db.execute(
    sql`UPDATE api_keys SET last_used_at = ${when} WHERE id = ${id} AND (last_used_at IS NULL OR last_used_at < ${when} - interval '1 minute')`,
  );
}
