import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { freePort } from './free-port.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-shutdown-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('npm start and graceful shutdown', () => {
  it(
    'npm start serves and says where; on SIGTERM an in-flight request completes and it exits 0',
    { timeout: 60_000 },
    async () => {
      const port = await freePort();
      // What `npm start` runs (the server bundled when its build is stale; WEB_DIST set, so no web build), on its
      // own embedded database in a temporary directory.
      const child = spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'info',
          WEB_DIST: dataDir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

      try {
        for (let i = 0; ; i++) {
          const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
            (r) => r.status === 200,
            () => false,
          );
          if (ready) break;
          if (i > 400 || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(output).toContain(`mchweb is running at http://127.0.0.1:${port}/mchweb/`);
        expect(output).toContain('demo data seeded');
        expect(output).toContain('demo sign-in: 13800138000 / Demo@2026 (owner)');

        // An XSRF value the server issued, as a browser gets it.
        const first = await fetch(`http://127.0.0.1:${port}/api/merchant/user/getCurrentUser`);
        const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
        // A sign-in whose body arrives slowly: the request is in flight when SIGTERM comes.
        const body = JSON.stringify({ account: '13800138000', password: 'Demo@2026' });
        const socket = net.connect(port, '127.0.0.1');
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        let response = '';
        socket.on('data', (d) => (response += d));
        const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
        socket.write(
          [
            'POST /api/merchant/login HTTP/1.1',
            `Host: 127.0.0.1:${port}`,
            'Content-Type: application/json',
            `Content-Length: ${Buffer.byteLength(body)}`,
            `Cookie: XSRF-TOKEN=${xsrf}`,
            `X-XSRF-TOKEN: ${xsrf}`,
            '',
            '',
          ].join('\r\n') + body.slice(0, 10),
        );
        await new Promise((r) => setTimeout(r, 300));

        child.kill('SIGTERM');
        await new Promise((r) => setTimeout(r, 500));
        // The server has stopped accepting new connections but waits for this one.
        expect(child.exitCode).toBeNull();
        const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          () => false,
          () => true,
        );
        expect(refused).toBe(true);

        socket.write(body.slice(10));
        await closed;
        expect(response).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
        const json = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as { code: number; data: object };
        expect(json.code).toBe(200);
        expect(json.data).toHaveProperty('token');

        expect(await exited).toBe(0);
        expect(output).toContain('shutting down: finishing in-flight requests');
        // Nothing logged at error level or above (the database closed cleanly).
        expect(output).not.toMatch(/"level":(50|60)/);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  );
});
