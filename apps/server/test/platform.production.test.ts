import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { runOps } from '../src/ops/cli.ts';
import { loadConfig } from '../src/config.ts';
import { SMS_ENV } from '../src/config-sms.fixture.ts';
import { freePort } from './free-port.ts';

/*
 * Issue 14, item 1: production never carries the demo accounts by accident. The server is started as an
 * operator would (NODE_ENV=production) on its own embedded database in a temporary directory, knowingly
 * (MCHWEB_EMBEDDED_OK=true, issue 25 item 3). Issue 25, items 1 to 3: what production refuses at start.
 */
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-prod-'));
  dirs.push(dir);
  return dir;
};

interface Started {
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}
async function startServer(dataDir: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      MCHWEB_EMBEDDED_OK: 'true',
      DATA_DIR: dataDir,
      PORT: String(port),
      WEB_DIST: dataDir,
      ...SMS_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    port,
    output: () => output,
    exited,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
/** Resolves when the server answers /readyz, or with its exit code when it stops first. */
async function readyOrExit(s: Started): Promise<'ready' | number | null> {
  const deadline = Date.now() + 45_000;
  const stopped = s.exited.then((code) => ({ code }));
  while (Date.now() < deadline) {
    const ready = await fetch(`http://127.0.0.1:${s.port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return 'ready';
    const done = await Promise.race([stopped, new Promise<null>((r) => setTimeout(() => r(null), 250))]);
    if (done) return done.code;
  }
  throw new Error(`server neither ready nor stopped:\n${s.output()}`);
}
/** An XSRF value the server issued (as a browser gets it: a cookie on the first answer). */
async function xsrfOf(port: number): Promise<string> {
  const first = await fetch(`http://127.0.0.1:${port}/api/merchant/user/getCurrentUser`);
  return /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
}
const signIn = async (port: number, account: string, password: string) => {
  const xsrf = await xsrfOf(port);
  return fetch(`http://127.0.0.1:${port}/api/merchant/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ account, password }),
  }).then((r) => r.json() as Promise<{ code: number; msg: string }>);
};

describe('issue 14.1 demo accounts and production', () => {
  it(
    'production on an empty database seeds nothing: the demo sign-in is refused and not printed',
    { timeout: 90_000 },
    async () => {
      const dataDir = tempDir();
      const server = await startServer(dataDir, { NODE_ENV: 'production' });
      try {
        expect(await readyOrExit(server)).toBe('ready');
        expect((await signIn(server.port, '13800138000', 'Demo@2026')).code).toBe(400);
        expect(server.output()).not.toMatch(/demo sign-in|Demo@2026/);
        // Issue 25, items 1 and 3: no sandbox, and a banner that says only what is true.
        const outbox = await fetch(`http://127.0.0.1:${server.port}/api/merchant/dev/sms-outbox?mobile=13800138000`);
        expect(outbox.status).toBe(404);
        const xsrf = await xsrfOf(server.port);
        const notify = await fetch(`http://127.0.0.1:${server.port}/api/pay/sandbox/notify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
          body: JSON.stringify({ orderNo: 'P20260501093000123456', result: 'SUCCESS' }),
        }).then((r) => r.json() as Promise<{ code: number }>);
        expect(notify.code).toBe(403);
        expect(server.output()).toContain('(production)');
        expect(server.output()).not.toMatch(/API docs|WARNING: the sandbox/);
      } finally {
        await server.stop();
      }
      // The first owner is made with the operator's command line, and can sign in.
      const lines: string[] = [];
      const code = await runOps(
        ['user:create', '13912345678', '--name', 'First Owner', '--password', 'Str0ng-first-owner'],
        {
          out: (s) => lines.push(s),
          err: (s) => lines.push(s),
          config: loadConfig({
            ...SMS_ENV,
            NODE_ENV: 'production',
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            MCHWEB_EMBEDDED_OK: 'true',
          }),
        },
      );
      expect(code, lines.join('\n')).toBe(0);
      expect(lines.join('\n')).toMatch(/^User \d+ created: 13912345678 \(First Owner\)\./);
      const again = await startServer(dataDir, { NODE_ENV: 'production' });
      try {
        expect(await readyOrExit(again)).toBe('ready');
        expect((await signIn(again.port, '13912345678', 'Str0ng-first-owner')).code).toBe(200);
      } finally {
        await again.stop();
      }
    },
  );

  it(
    'production refuses to start while a demo account keeps the demo password, unless demo data was asked for',
    { timeout: 120_000 },
    async () => {
      const dataDir = tempDir();
      // Asked for explicitly (a public demo): seeded and served.
      const demo = await startServer(dataDir, { NODE_ENV: 'production', SEED_DEMO: 'true' });
      try {
        expect(await readyOrExit(demo)).toBe('ready');
        expect((await signIn(demo.port, '13800138000', 'Demo@2026')).code).toBe(200);
      } finally {
        await demo.stop();
      }
      // The same database in production without that request: refused, saying why and what to do.
      const refused = await startServer(dataDir, { NODE_ENV: 'production' });
      expect(await readyOrExit(refused)).toBe(1);
      expect(refused.output()).toMatch(
        /refuses to start in production: the demo accounts 13800138000, .* demo password/,
      );
      expect(refused.output()).toMatch(/user:create/);
    },
  );
});

describe('issue 25: what production refuses at start', () => {
  it.each([
    [{ NODE_ENV: 'production', MCHWEB_SANDBOX: 'true' }, /MCHWEB_SANDBOX turns on the sandbox.*MCHWEB_ENV=staging/],
    [{ MCHWEB_ENV: 'production', MCHWEB_AUTO_REVIEW: 'approve' }, /MCHWEB_AUTO_REVIEW turns on the sandbox/],
    [{ NODE_ENV: 'production', MCHWEB_EMBEDDED_OK: '' }, /DATABASE_URL is not set: .*MCHWEB_EMBEDDED_OK=true/],
    [{ NODE_ENV: 'prod' }, /NODE_ENV must be development, test or production/],
    [{ NODE_ENV: 'Production' }, /NODE_ENV must be development, test or production/],
    [{ MCHWEB_SANDBX: 'true' }, /MCHWEB_SANDBX is not a setting of mchweb/],
    // Issue 27: no SMS provider, or the sandbox's outbox, in production.
    [{ NODE_ENV: 'production', SMS_PROVIDER: '' }, /SMS_PROVIDER is not set: outside the sandbox .*aliyun.*tencent/],
    [{ NODE_ENV: 'production', SMS_PROVIDER: 'outbox' }, /SMS_PROVIDER=outbox .* only the sandbox does/],
    [{ NODE_ENV: 'production', ALIYUN_SMS_ACCESS_KEY_SECRET: '' }, /ALIYUN_SMS_ACCESS_KEY_SECRET is not set/],
  ])('%j: exits 1 before opening anything, saying why', { timeout: 60_000 }, async (env, message) => {
    const server = await startServer(tempDir(), env);
    expect(await readyOrExit(server)).toBe(1);
    expect(server.output()).toMatch(/mchweb cannot start, its configuration is wrong/);
    expect(server.output()).toMatch(message);
    // Told as a setting to fix, not a stack trace to read.
    expect(server.output()).not.toMatch(/\n\s+at /);
  });

  it('staging may run the sandbox, and the banner says so', { timeout: 60_000 }, async () => {
    const server = await startServer(tempDir(), { MCHWEB_ENV: 'staging', MCHWEB_SANDBOX: 'true', NODE_ENV: '' });
    try {
      expect(await readyOrExit(server)).toBe('ready');
      const outbox = await fetch(`http://127.0.0.1:${server.port}/api/merchant/dev/sms-outbox?mobile=13800138000`);
      expect(outbox.status).toBe(200);
      expect(server.output()).toMatch(/\(staging\)/);
      expect(server.output()).toMatch(/WARNING: the sandbox is on in staging/);
      expect(server.output()).not.toMatch(/API docs/);
    } finally {
      await server.stop();
    }
  });
});
