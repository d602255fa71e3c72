import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { seedDemoIfEmpty } from '../src/sandbox/seed-demo.ts';
import { createTestApp, freshDatabase, type TestApp } from './harness.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('/healthz answers while the process runs; /readyz names the database it reached', async () => {
    const health = await t.client().raw({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.client().raw({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });
});

/** A fresh PostgreSQL database, and the app's connection to it through a proxy the test can cut. */
async function databaseBehindProxy() {
  const fresh = await freshDatabase();
  const real = new URL(fresh.url!);
  const proxy = tcpProxy({ host: real.hostname, port: Number(real.port || 5432) });
  await proxy.start();
  const viaProxy = new URL(real);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const database = await openDatabase({ databaseUrl: viaProxy.toString(), dataDir: null });
  return { fresh, proxy, database };
}

/** A TCP proxy in front of PostgreSQL that the test can cut (refuse and drop connections) and restore. */
function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  return {
    get port() {
      return port;
    },
    start: listen,
    /** The database "goes away": new connections are refused, open ones drop. */
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: listen,
  };
}

describe.skipIf(!process.env.DATABASE_URL)('losing PostgreSQL', () => {
  it('S8.2 answers HTTP 503 with status 503 and a clear msg, and recovers by itself when the database is back', async () => {
    const unhandled: unknown[] = [];
    const onError = (err: unknown) => unhandled.push(err);
    process.on('uncaughtException', onError);
    process.on('unhandledRejection', onError);

    const { fresh, proxy, database } = await databaseBehindProxy();
    await seedDemoIfEmpty(database.db, undefined, { days: 30 });
    const t = await createTestApp({ database, seed: false });
    try {
      const owner = await t.signIn('13800138000');
      const me = () => owner.get<{ userInfo: unknown } | null>('/api/merchant/user/getCurrentUser');
      expect((await me()).body.data).not.toBeNull();

      await proxy.cut();
      for (const url of ['/api/merchant/user/getCurrentUser', '/readyz']) {
        const res = await owner.get(url);
        expect(res.http).toBe(503);
        expect(res.body).toMatchObject({ status: 503, code: 503, data: null });
        expect(res.body.msg).toMatch(/^The database is unavailable/);
      }
      const login = await t.client().post('/api/merchant/login', { account: '13800138000', password: 'Demo@2026' });
      expect(login.http).toBe(503);
      expect(login.body).toMatchObject({ status: 503, code: 503 });
      expect(login.res.body).not.toMatch(/ECONNREFUSED|at \S+ \(/);
      // The process lives on and still answers what needs no database.
      expect((await t.client().raw({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      await proxy.restore();
      // No restart: the next calls reconnect (the pool drops its dead connections).
      let back = await me();
      for (let i = 0; i < 20 && back.http !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        back = await me();
      }
      expect(back.http).toBe(200);
      expect(back.body.data).not.toBeNull();
      expect((await t.client().raw({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

      // The connection drops in the middle of a transaction (a client checked out of the pool): that
      // transaction fails, the process does not.
      const broken = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await proxy.cut();
        await new Promise((r) => setTimeout(r, 200));
        await tx.execute(sql`select 2`);
      });
      await expect(broken).rejects.toThrow();
      await proxy.restore();
      back = await me();
      for (let i = 0; i < 20 && back.http !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        back = await me();
      }
      expect(back.http).toBe(200);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
      await t.close();
      await proxy.cut().catch(() => {});
      await fresh.drop();
    }
  });

  it('S8.2 transactions handed connections that died while idle fail, and the pool serves again once the database is back', async () => {
    const { fresh, proxy, database } = await databaseBehindProxy();
    const transactions = (n: number, statement = sql`select 1`) =>
      Promise.allSettled(Array.from({ length: n }, () => database.db.transaction((tx) => tx.execute(statement))));
    try {
      // As many idle connections as the main pool holds (10).
      await transactions(10, sql`select pg_sleep(0.05)`);
      expect(database.poolStats()[0]).toMatchObject({ total: 10, idle: 10 });
      // The database goes away, and ten transactions start before the pool has heard of it: each BEGIN is sent on
      // a dead connection. (drizzle does not release a client whose BEGIN failed, drizzle-orm#6241.)
      const cut = proxy.cut();
      const failed = await transactions(10);
      await cut;
      expect(failed.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0);

      await proxy.restore();
      const back = await database.db.transaction((tx) => tx.execute(sql`select 1 as one`));
      expect((back as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
      // No connection is left checked out: the pool can fill up again and closing it does not wait.
      const stats = database.poolStats()[0]!;
      expect(stats.total).toBe(stats.idle);
    } finally {
      // A client never released would keep the pool's end waiting for ever: a clear failure rather than a timeout.
      const closed = database.close().then(() => 'closed');
      const waited = new Promise((resolve) => setTimeout(resolve, 5000, 'still waiting'));
      const closing = await Promise.race([closed, waited]);
      await proxy.cut();
      await fresh.drop();
      expect(closing).toBe('closed');
    }
  });
});
