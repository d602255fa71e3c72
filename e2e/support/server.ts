import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  /** What the server has printed so far (warnings and errors: it runs at LOG_LEVEL=warn). */
  output(): string;
  stop(): Promise<void>;
}

/** The servers of this worker that have not stopped, for a failed test's report (fixtures.ts). */
export const runningServers = new Set<RunningServer>();

/**
 * The real server as `npm start` runs it, on its own database: a fresh PGlite directory, or a fresh database
 * on the PostgreSQL server of DATABASE_URL (dropped again on stop). Demo data seeded. On a port of its own, or on
 * `env.PORT` when the caller must know its address before it starts (the channels' fakes call it back there).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-e2e-'));
  let databaseUrl: string | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const name = `mchweb_e2e_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    dropDb = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  // The server's bundle, as `npm start` runs it (global-setup.ts builds it when stale).
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      MCHWEB_SANDBOX: '1',
      RATE_LIMIT_PER_MINUTE: '100000',
      // Many tests sign in from one address within a minute.
      AUTH_RATE_LIMIT_SCALE: '100',
      // The sandbox reviews onboarding applications by itself, a second after they are submitted (issue 10).
      MCHWEB_AUTO_REVIEW: 'approve',
      MCHWEB_AUTO_REVIEW_DELAY_MS: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server not ready in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const server: RunningServer = {
    url,
    output: () => output,
    async stop() {
      runningServers.delete(server);
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  runningServers.add(server);
  return server;
}

/** A command's output once it exits 0 (rejected with the output otherwise). */
function outputOf(child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr?.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${what}: ${code}\n${out}`))));
  });
}

/** `npm run ops -- <args>` on the embedded database in `dataDir` (no server may hold it open): its output. */
export function runOps(dataDir: string, ...args: string[]): Promise<string> {
  const child = spawn('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outputOf(child, `ops ${args.join(' ')}`);
}

/** A TypeScript file of the repository run as the server runs (`node --import tsx`), with `env` added: its output. */
export function runScript(file: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outputOf(child, `${file} ${args.join(' ')}`);
}
