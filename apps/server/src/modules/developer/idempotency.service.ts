import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_HOURS } from '@mchweb/contract';
import type { Db } from '../../db/client.ts';
import { ApiV1Error } from './merchant-api.errors.ts';
import { MERCHANT_API } from './merchant-api.messages.ts';
import { apiIdempotency } from './developer.tables.ts';

/** JSON with every object's keys sorted: two bodies that say the same thing have the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes a POST the same request: its method, path and body (as validated). */
export const requestFingerprint = (method: string, path: string, body: unknown) =>
  crypto
    .createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body ?? null)}`)
    .digest('base64url');

export type Claim = { kind: 'run' } | { kind: 'replay'; status: number; body: unknown };

export interface ClaimOptions {
  /** How long a duplicate waits for the first request's answer before it is refused (409, retry). */
  waitMs: number;
  pollMs: number;
  /** A RUNNING claim this old belongs to a process that died: the next request with the key takes it over. */
  abandonedAfterMs: number;
}
export const CLAIM_DEFAULTS: ClaimOptions = { waitMs: 10_000, pollMs: 50, abandonedAfterMs: 60_000 };

const keyOf = (apiKeyId: number, key: string) =>
  and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.idempotencyKey, key));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claim an Idempotency-Key of an API key for a request (issue 30). The first request with it runs; a later one
 * with the same body gets the first one's answer; another body is refused (409 idempotency_error). A duplicate
 * arriving while the first is still being answered waits for that answer (polling the row, at most `waitMs`),
 * so two concurrent retries never both run: the row's primary key lets exactly one insert it. Keys are kept
 * IDEMPOTENCY_HOURS; an older row is forgotten and the key is new again.
 */
export async function claimIdempotencyKey(
  db: Db,
  apiKeyId: number,
  key: string,
  fingerprint: string,
  options: ClaimOptions = CLAIM_DEFAULTS,
): Promise<Claim> {
  const deadline = Date.now() + options.waitMs;
  for (;;) {
    await db
      .delete(apiIdempotency)
      .where(
        and(
          keyOf(apiKeyId, key),
          lt(apiIdempotency.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`),
        ),
      );
    const inserted = await db
      .insert(apiIdempotency)
      .values({ apiKeyId, idempotencyKey: key, requestHash: fingerprint, status: 'RUNNING' })
      .onConflictDoNothing()
      .returning({ key: apiIdempotency.idempotencyKey });
    if (inserted.length > 0) return { kind: 'run' };
    const [row] = await db.select().from(apiIdempotency).where(keyOf(apiKeyId, key));
    if (!row) continue; // forgotten in between: claim it again
    if (row.requestHash !== fingerprint) {
      throw new ApiV1Error(
        409,
        'idempotency_error',
        'idempotency_key_reused',
        MERCHANT_API.idempotencyKeyReused,
        'Idempotency-Key',
      );
    }
    if (row.status === 'DONE') return { kind: 'replay', status: row.responseStatus!, body: row.responseBody };
    const taken = await db
      .update(apiIdempotency)
      .set({ startedAt: sql`now()` })
      .where(
        and(
          keyOf(apiKeyId, key),
          eq(apiIdempotency.status, 'RUNNING'),
          lt(apiIdempotency.startedAt, sql`now() - make_interval(secs => ${options.abandonedAfterMs / 1000})`),
        ),
      )
      .returning({ key: apiIdempotency.idempotencyKey });
    if (taken.length > 0) return { kind: 'run' };
    if (Date.now() >= deadline) {
      throw new ApiV1Error(
        409,
        'idempotency_error',
        'idempotency_key_in_use',
        MERCHANT_API.idempotencyKeyInUse,
        'Idempotency-Key',
        1,
      );
    }
    await sleep(options.pollMs);
  }
}

/** Keep the answer of a claimed key: later requests with it get this answer. */
export async function keepAnswer(db: Db, apiKeyId: number, key: string, status: number, body: unknown) {
  await db
    .update(apiIdempotency)
    .set({ status: 'DONE', responseStatus: status, responseBody: body })
    .where(keyOf(apiKeyId, key));
}

/** Give a claimed key up (a fault: the caller's retry runs again rather than replaying a server error). */
export async function releaseKey(db: Db, apiKeyId: number, key: string) {
  await db.delete(apiIdempotency).where(and(keyOf(apiKeyId, key), eq(apiIdempotency.status, 'RUNNING')));
}

/** Forget keys older than IDEMPOTENCY_HOURS, a batch at a time (the hourly job); answers how many. */
export async function purgeIdempotencyKeys(db: Db, limit = 5000): Promise<number> {
  const gone = await db.execute(sql`
    delete from ${apiIdempotency} where ctid in (
      select ctid from ${apiIdempotency}
      where ${apiIdempotency.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_HOURS}) limit ${limit})`);
  return (gone as { rowCount?: number | null }).rowCount ?? 0;
}
