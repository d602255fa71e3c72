import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { seedDemoIfEmpty } from '../src/sandbox/seed-demo.ts';
import { freshDatabase } from './harness.ts';
import { freePort } from './free-port.ts';

/*
 * Issue 14, item 5: two server processes on one PostgreSQL, each with its access cache on (3 s). A removal or a
 * sign-out through one process reaches the other at once: a write is never authorised from a cached entry, and
 * a read sees the change as soon as the other process's NOTIFY arrives (here: within a second on a loaded
 * machine, not the cache's 3 s).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

interface Server {
  url: string;
  child: ChildProcess;
}
const servers: Server[] = [];
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: '',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      ACCESS_CACHE_MS: '3000',
      SEED_DEMO: 'false',
      MCHWEB_AUTO_REVIEW: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const server = { url: `http://127.0.0.1:${port}`, child };
  servers.push(server);
  for (let i = 0; i < 300; i++) {
    const ready = await fetch(`${server.url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/**
 * XSRF values issued by process a, one per session (they are bound to it, issue 25.9): the secret is the
 * database's, so every process accepts them.
 */
const xsrfValues = new Map<string, Record<string, string>>();
async function xsrfFor(token: string | undefined) {
  const known = xsrfValues.get(token ?? '');
  if (known) return known;
  const first = await fetch(`${a.url}/api/merchant/user/getCurrentUser`, token ? { headers: { token } } : {});
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
  const headers = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  xsrfValues.set(token ?? '', headers);
  return headers;
}
async function call(server: Server, method: 'GET' | 'POST', path: string, token?: string, body?: unknown) {
  const xsrf = await xsrfFor(token);
  const res = await fetch(`${server.url}/api/merchant${path}`, {
    method,
    headers: { ...xsrf, 'content-type': 'application/json', 'accept-language': 'en-US', ...(token ? { token } : {}) },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  return (await res.json()) as { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
const signIn = async (server: Server, account: string) =>
  (await call(server, 'POST', '/login', undefined, { account, password: 'Demo@2026' })).data.token as string;

/** Polls a read until it is refused; answers how long that took. */
async function refusedWithin(ms: number, read: () => Promise<{ code: number }>): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if ((await read()).code !== 200) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`still answered after ${ms} ms`);
}

let a: Server;
let b: Server;
beforeAll(async () => {
  if (!onPostgres) return;
  database = await freshDatabase();
  await seedDemoIfEmpty(database.db);
  [a, b] = await Promise.all([startServer(database.url!), startServer(database.url!)]);
}, 120_000);
afterAll(async () => {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(
    servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.on('exit', r)))),
  );
  await database?.drop();
});

describe.skipIf(!onPostgres)('issue 14.5 sessions across two server processes (PostgreSQL)', () => {
  it(
    'an admin removed through one process can neither write nor read through the other, at once',
    { timeout: 60_000 },
    async () => {
      const owner = await signIn(a, '13800138000');
      const admin = await signIn(b, '13800138001');
      for (let round = 0; round < 3; round++) {
        // The admin's session and membership are cached in process b.
        expect((await call(b, 'GET', '/staff/list', admin)).code).toBe(200);
        const staff = (await call(a, 'GET', '/staff/list', owner)).data as { memberId: number; mobile: string }[];
        const adminMember = staff.find((m) => m.mobile === '13800138001')!;
        expect((await call(a, 'POST', '/staff/remove', owner, { memberId: adminMember.memberId })).code).toBe(200);
        // No write goes through b from its cache...
        const save = await call(b, 'POST', '/role/save', admin, { name: `Night ${round}`, permissions: [] });
        expect(save.code, save.msg).not.toBe(200);
        // ...and reads stop as soon as a's notice arrives.
        expect(await refusedWithin(1000, () => call(b, 'GET', '/staff/list', admin))).toBeLessThan(1000);
        // Invite the admin back for the next round; the admin accepts through b (an invitation grants nothing
        // until then, issue 14.2).
        const roles = (await call(a, 'GET', '/role/list', owner)).data as { roleId: number; code: string | null }[];
        const adminRole = roles.find((r) => r.code === 'ADMIN')!;
        const invited = await call(a, 'POST', '/staff/invite', owner, {
          mobile: '13800138001',
          roleId: adminRole.roleId,
        });
        expect(invited.code).toBe(200);
        const accepted = await call(b, 'POST', '/staff/invitation/accept', admin, {
          invitationId: invited.data.memberId,
        });
        expect(accepted.code, accepted.msg).toBe(200);
        const back = await fetch(`${b.url}/api/websession/changeCompany`, {
          method: 'POST',
          headers: { ...(await xsrfFor(admin)), 'content-type': 'application/json', token: admin },
          body: JSON.stringify({ companyId: 1 }),
        }).then((r) => r.json() as Promise<{ code: number }>);
        expect(back.code).toBe(200);
      }
    },
  );

  it('a session signed out through one process is refused by the other at once', { timeout: 30_000 }, async () => {
    const finance = await signIn(b, '13800138002');
    expect((await call(b, 'GET', '/user/getCurrentUser', finance)).data).not.toBeNull();
    expect((await call(a, 'POST', '/logout', finance)).code).toBe(200);
    expect((await call(b, 'POST', '/feeManager/getCompany', finance)).code).toBe(401);
    expect(await refusedWithin(1000, () => call(b, 'GET', '/company/list', finance))).toBeLessThan(1000);
  });
});
