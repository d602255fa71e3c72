import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { CompanyInfo } from '@mchweb/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig, type ConfigError } from '../src/config.ts';
import { MIGRATIONS_DIR, openDatabase } from '../src/db/client.ts';
import { hashToken } from '../src/modules/session/index.ts';
import { WROTE_COOKIE } from '../src/plugins/read-replica.ts';
import { DEMO_ACCOUNTS, withCheckChar } from '../src/sandbox/seed-demo.ts';
import { createTestApp, freshDatabase, type TestApp, type TestClient } from './harness.ts';
import { codeFor, pay } from './payment-fixtures.ts';
import { newUser } from './scope-fixtures.ts';
import fs from 'node:fs';
import path from 'node:path';

/*
 * Issue 29: the application made for several nodes behind a load balancer. Migrations under an advisory lock,
 * reads on a replica with read-your-writes, targeted invalidation of the access cache, one business time zone per
 * database, and no local upload directory with several nodes.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

const companyOf = async (client: TestClient) =>
  (await client.post<CompanyInfo>('/api/merchant/feeManager/getCompany', {})).body.data.companyId!;

const migrationCount = () =>
  (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

describe.runIf(onPostgres)('several nodes on one PostgreSQL (issue 29)', { timeout: 300_000 }, () => {
  it('nodes starting together migrate a fresh database once: each waits for the lock, then finds nothing to do', async () => {
    const fresh = await freshDatabase(); // migrated already: a second, empty database is made below
    opened.push({ close: () => fresh.drop() });
    const admin = new pg.Client({ connectionString: fresh.url });
    await admin.connect();
    const name = `mchweb_test_race_${process.pid}_${Date.now()}`;
    await admin.query(`create database ${name}`);
    const url = new URL(fresh.url!);
    url.pathname = `/${name}`;
    try {
      const nodes = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url.toString(), dataDir: null })),
      );
      const results = await Promise.allSettled(nodes.map((n) => n.migrate()));
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      const applied = await nodes[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((applied as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(migrationCount());
      await Promise.all(nodes.map((n) => n.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('lists go to the replica, except for a member whose write it has not replayed yet (read-your-writes)', async () => {
    // The "replica" is another, empty database on the same server: what it answers shows which side served a read.
    // Its WAL is the primary's (one server), so a position ahead of the server's stands for a lagging replica.
    const primary = await freshDatabase();
    const empty = await freshDatabase();
    opened.push({ close: () => empty.drop() });
    const database = await openDatabase({ databaseUrl: primary.url!, dataDir: null, replicaUrl: empty.url! });
    opened.push({ close: () => primary.drop() });
    const t = await createTestApp({ database });
    opened.push(t);
    const owner = await t.signIn(DEMO_ACCOUNTS.owner);
    const withCookie = (cookie: string) => {
      const xsrf = t.app.xsrfToken(owner.token);
      return { cookie: `${cookie}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    };
    const list = (cookie?: string) =>
      owner.post<{ rows: unknown[] }>(
        '/api/merchant/order/list',
        { timeField: 'created', limit: 5 },
        cookie ? { headers: withCookie(cookie) } : {},
      );
    // No write of this member to wait for: the replica (empty) answers.
    expect((await list()).body.data.rows).toHaveLength(0);

    // A write answers with the primary's WAL position after it.
    const write = await owner.post('/api/websession/changeCompany', { companyId: await companyOf(owner) });
    expect(write.body.code).toBe(200);
    const cookie = write.res.cookies.find((c) => c.name === WROTE_COOKIE);
    expect(cookie?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);

    // The replica has replayed that far (same server): it serves, and the cookie is dropped.
    const caughtUp = await list(`${WROTE_COOKIE}=${cookie!.value}`);
    expect(caughtUp.body.data.rows).toHaveLength(0);
    expect(caughtUp.res.cookies.find((c) => c.name === WROTE_COOKIE)?.value).toBe('');

    // A replica behind the member's write: the primary answers, with the demo's orders, and the cookie stays.
    const behind = await list(`${WROTE_COOKIE}=FFFFFFF/0`);
    expect(behind.body.data.rows).toHaveLength(5);
    expect(behind.res.cookies.find((c) => c.name === WROTE_COOKIE)).toBeUndefined();
  });
});

describe('the access cache forgets only what a write may have changed (issue 29)', { timeout: 300_000 }, () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  /** End the session by hand (SQL a process never hears of): a cached session still answers until forgotten. */
  const endByHand = (client: TestClient) =>
    t.database.db.execute(sql`update sessions set revoked_at = now(), revoke_reason = 'logout'
      where token_hash = ${hashToken(client.token!)}`);
  /** getCurrentUser is public: without a valid session it answers no user. */
  const signedIn = async (client: TestClient) =>
    (await client.get('/api/merchant/user/getCurrentUser')).body.data !== null;

  it("a payer's order keeps the members' cached sessions; a write in their organisation forgets them", async () => {
    t = await createTestApp({ config: { accessCacheMs: 600_000 } });
    const owner = await t.signIn(DEMO_ACCOUNTS.owner);
    const admin = await t.signIn(DEMO_ACCOUNTS.admin);
    expect(await signedIn(owner)).toBe(true); // now cached
    await endByHand(owner);

    const code = await codeFor(t.database.db, 'M100000001');
    await pay(t.client(), code, 1200);
    expect(await signedIn(owner)).toBe(true); // still the cached session: the payment changed no access

    // Someone outside the organisation writes (makes an organisation of their own): nothing of the owner's is
    // forgotten either.
    const { client: stranger } = await newUser(t, '13700008888');
    const made = await stranger.post('/api/merchant/feeManager/addCompany', {
      companyName: 'Stranger Ltd',
      creditCode: withCheckChar('91330100MA8888888'),
      contactName: 'Stranger',
      contactMobile: '13700008888',
    });
    expect(made.body.code).toBe(200);
    expect(await signedIn(owner)).toBe(true);

    // A member of the owner's organisation writes (changes their current organisation): its cache is forgotten,
    // the owner's next call reads the database and finds the session ended.
    const switched = await admin.post('/api/websession/changeCompany', { companyId: await companyOf(admin) });
    expect(switched.body.code).toBe(200);
    expect(await signedIn(owner)).toBe(false);
  });
});

describe('one business time zone per database (issue 29)', { timeout: 300_000 }, () => {
  it('the first start writes it; a node configured with another zone refuses to start, naming both', async () => {
    const database = await freshDatabase();
    opened.push({ close: () => database.drop() });
    const config = (tz: string) =>
      loadConfig({ NODE_ENV: 'test', MCHWEB_TZ: tz }, { webDist: '/nonexistent', uploadDir: '/nonexistent' });
    const first = await buildApp({ config: config('Asia/Shanghai'), database, logger: false });
    await first.close();
    const again = await buildApp({ config: config('Asia/Shanghai'), database, logger: false });
    await again.close();
    await expect(buildApp({ config: config('Europe/Paris'), database, logger: false })).rejects.toThrow(
      /MCHWEB_TZ is Europe\/Paris, but this database's business time zone is Asia\/Shanghai.*MCHWEB_TZ=Asia\/Shanghai/s,
    );
  });
});

describe('several nodes need shared uploads (issue 29)', { timeout: 300_000 }, () => {
  it('MCHWEB_NODES above 1 refuses a local upload directory and the embedded database, naming what to set', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ MCHWEB_NODES: '3', DATABASE_URL: 'postgres://db/mchweb' })).toEqual([
      expect.stringMatching(/^MCHWEB_NODES=3 with uploads in a local directory.*S3_ENDPOINT and S3_BUCKET/),
    ]);
    expect(problems({ MCHWEB_NODES: '2' })).toHaveLength(2);
    expect(
      problems({ MCHWEB_NODES: '3', DATABASE_URL: 'postgres://db/mchweb', S3_ENDPOINT: 'http://s3', S3_BUCKET: 'b' }),
    ).toEqual([]);
    expect(problems({ MCHWEB_NODES: '1' })).toEqual([]);
    expect(problems({ DATABASE_REPLICA_URL: 'postgres://replica/mchweb' })).toEqual([
      'DATABASE_REPLICA_URL is set without DATABASE_URL',
    ]);
  });
});
