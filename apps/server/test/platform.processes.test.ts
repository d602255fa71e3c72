import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { freePort } from './free-port.ts';

// `MCHWEB_PROCESSES=N npm start` (scripts/start.mjs): N server processes share the port on PostgreSQL.

const url = process.env.DATABASE_URL;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-processes-'));
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: webDist, REDIS_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { child, output: '', exited: new Promise<number | null>((r) => child.on('exit', (code) => r(code))) };
  child.stdout!.on('data', (d) => (run.output += d));
  child.stderr!.on('data', (d) => (run.output += d));
  return run;
}

/** The server processes the primary runs (its children). */
const serverProcesses = (primary: ChildProcess) => {
  try {
    return execFileSync('pgrep', ['-P', String(primary.pid)])
      .toString()
      .trim()
      .split('\n')
      .map(Number);
  } catch {
    return [];
  }
};

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 40_000) {
  for (const started = Date.now(); !(await check());) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('several server processes', () => {
  it('refuses MCHWEB_PROCESSES on the embedded database and a value that is not a count', async () => {
    const embedded = start({ MCHWEB_PROCESSES: '2', DATABASE_URL: '', PORT: String(await freePort()) });
    expect(await embedded.exited).toBe(1);
    expect(embedded.output).toContain('MCHWEB_PROCESSES above 1 needs PostgreSQL (DATABASE_URL)');
    const nonsense = start({ MCHWEB_PROCESSES: 'two', PORT: String(await freePort()) });
    expect(await nonsense.exited).toBe(1);
    expect(nonsense.output).toContain('MCHWEB_PROCESSES must be a whole number from 1 to 64, not "two"');
  });

  describe.skipIf(!url)('on PostgreSQL', () => {
    const name = `mchweb_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = async (statement: string) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(statement);
      await c.end();
    };
    afterAll(() => admin(`drop database if exists ${name} with (force)`));

    it(
      'two processes serve one port from one database, a lost one is replaced, SIGTERM stops them all with 0',
      { timeout: 90_000 },
      async () => {
        await admin(`create database ${name}`);
        const target = new URL(url!);
        target.pathname = `/${name}`;
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        const run = start({ MCHWEB_PROCESSES: '2', DATABASE_URL: target.toString(), PORT: String(port) });
        try {
          await until(() => serverProcesses(run.child).length === 2, 'two server processes');
          await until(
            () =>
              fetch(`${base}/readyz`).then(
                (r) => r.status === 200,
                () => false,
              ),
            `ready\n${run.output}`,
          );
          // The first process migrated and seeded an empty database; it alone says where.
          expect(run.output.match(/mchweb is running at/g)).toHaveLength(1);
          expect(run.output).toContain('demo data seeded, 2 processes');

          // A token from one sign-in is good on whichever process a new connection reaches.
          const first = await fetch(`${base}/api/merchant/user/getCurrentUser`);
          const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
          const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
          const signedIn = await fetch(`${base}/api/merchant/login`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ account: '13800138000', password: 'Demo@2026' }),
          });
          const login = (await signedIn.json()) as { data: { token: string } };
          // The sign-in sets an XSRF value bound to its session (issue 25.9): the calls with the token echo it.
          const bound = /XSRF-TOKEN=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')![1]!;
          const asOwner = async () => {
            const res = await fetch(`${base}/api/merchant/order/list`, {
              method: 'POST',
              headers: {
                ...headers,
                cookie: `XSRF-TOKEN=${bound}`,
                'x-xsrf-token': bound,
                token: login.data.token,
                connection: 'close',
              },
              body: '{}',
            });
            return ((await res.json()) as { code: number }).code;
          };
          const codes = await Promise.all(Array.from({ length: 20 }, asOwner));
          expect(codes.every((c) => c === 200)).toBe(true);

          // One process lost: another takes its place and the port keeps answering.
          const [lost] = serverProcesses(run.child);
          process.kill(lost!, 'SIGKILL');
          await until(() => {
            const now = serverProcesses(run.child);
            return now.length === 2 && !now.includes(lost!);
          }, 'a replacement process');
          await until(
            () =>
              fetch(`${base}/readyz`).then(
                (r) => r.status === 200,
                () => false,
              ),
            'ready again',
          );
          expect(run.output).toContain(`server process ${lost} exited (SIGKILL); starting another`);
          expect(await asOwner()).toBe(200);

          run.child.kill('SIGTERM');
          expect(await run.exited).toBe(0);
          expect(serverProcesses(run.child)).toEqual([]);
        } finally {
          if (run.child.exitCode === null) run.child.kill('SIGKILL');
        }
      },
    );
  });
});
