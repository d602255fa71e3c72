import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { freePort } from './free-port.ts';
import { freshDatabase } from './harness.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';

/**
 * A delivery survives the server being killed in the middle of it: the server runs as a child process (what
 * `npm start` runs), the receivers hold the request without answering, the server gets SIGKILL, and a new server
 * on the same database (PostgreSQL with DATABASE_URL, else a PGlite directory) delivers the event again, once per
 * endpoint, with the same webhook-id.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-webhook-kill-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number, databaseUrl: string) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_DIST: dataDir,
      LOG_LEVEL: 'warn',
      MCHWEB_PROCESSES: '1',
      // A try waits 2 s for its answer, so a job held by a dead process is given back after 5 s.
      MCHWEB_WEBHOOK_TIMEOUT_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  for (let i = 0; ; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return child;
    if (i > 600 || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A caller over HTTP with the XSRF cookie the server issues and, after signing in, the session's token. */
function httpClient(port: number) {
  let xsrf = '';
  let token = '';
  const base = `http://127.0.0.1:${port}`;
  const keep = (res: Response) => {
    const m = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '');
    if (m) xsrf = m[1]!;
  };
  const headers = () => ({
    'content-type': 'application/json',
    'accept-language': 'en-US',
    cookie: `XSRF-TOKEN=${xsrf}`,
    'x-xsrf-token': xsrf,
    ...(token ? { token } : {}),
  });
  return {
    async get<T>(url: string) {
      const res = await fetch(base + url, { headers: headers() });
      keep(res);
      return ((await res.json()) as { data: T }).data;
    },
    async post<T>(url: string, body: object) {
      if (!xsrf) keep(await fetch(`${base}/api/merchant/user/getCurrentUser`));
      const res = await fetch(base + url, { method: 'POST', headers: headers(), body: JSON.stringify(body) });
      keep(res);
      const json = (await res.json()) as { code: number; msg: string; data: T };
      if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
      return json.data;
    },
    signedIn: (t: string) => void (token = t),
  };
}

describe('webhook delivery across a SIGKILL', () => {
  it(
    'the event is delivered after the restart, once per endpoint, with the same webhook-id',
    { timeout: 120_000 },
    async () => {
      const database = process.env.DATABASE_URL ? await freshDatabase() : null;
      const url = database?.url ?? '';
      const receivers: Receiver[] = [await startReceiver('/a'), await startReceiver('/b')];
      try {
        let port = await freePort();
        let server = await startServer(port, url);
        let c = httpClient(port);
        c.signedIn(
          (await c.post<{ token: string }>('/api/merchant/login', { account: '13800138000', password: 'Demo@2026' }))
            .token,
        );
        for (const r of receivers) {
          r.answer = 'hang';
          const ep = await c.post<{ id: number }>('/api/merchant/developer/webhook/endpoints/create', {
            url: r.url,
            eventTypes: ['order.paid'],
          });
          r.secrets = [
            (await c.post<{ secret: string }>('/api/merchant/developer/webhook/endpoints/secret', { id: ep.id }))
              .secret,
          ];
        }
        const order = await c.post<{ orderNo: string }>('/api/pay/order', {
          codeNo: '880000000001',
          amountFen: 2500,
          channel: 'WECHAT',
          idempotencyKey: crypto.randomUUID(),
        });
        await c.post('/api/pay/sandbox/notify', { orderNo: order.orderNo, result: 'SUCCESS' });
        const mine = (r: Receiver) => r.received.filter((x) => x.payload.data.orderNo === order.orderNo);
        // Both requests are in the receivers' hands, unanswered: the server dies now.
        for (const r of receivers) await r.until(() => mine(r).length === 1);
        server.kill('SIGKILL');
        await new Promise<void>((resolve) => server.on('exit', () => resolve()));
        for (const r of receivers) r.answer = 200;

        port = await freePort();
        server = await startServer(port, url);
        c = httpClient(port);
        for (const r of receivers) await r.until(() => mine(r).some((x) => x.answered === 200), 60_000);
        c.signedIn(
          (await c.post<{ token: string }>('/api/merchant/login', { account: '13800138000', password: 'Demo@2026' }))
            .token,
        );
        const endpoints = await c.get<{ id: number }[]>('/api/merchant/developer/webhook/endpoints');
        for (const ep of endpoints) {
          for (let i = 0; ; i++) {
            const page = await c.get<{ list: { status: string }[] }>(
              `/api/merchant/developer/webhook/deliveries?endpointId=${ep.id}`,
            );
            if (page.list[0]?.status === 'SUCCEEDED') break;
            if (i > 100) throw new Error(`delivery of endpoint ${ep.id} not finished: ${JSON.stringify(page.list)}`);
            await new Promise((r) => setTimeout(r, 200));
          }
        }
        const ids = receivers.flatMap((r) => mine(r).map((x) => x.id));
        expect(new Set(ids).size).toBe(1);
        for (const r of receivers) {
          // Sent before the kill (never answered) and once after it, answered; each verified by the endpoint's secret.
          expect(mine(r).map((x) => x.answered)).toEqual([null, 200]);
          expect(mine(r).every((x) => x.verifiedBy[0])).toBe(true);
        }
        server.kill('SIGTERM');
        await new Promise<void>((resolve) => server.on('exit', () => resolve()));
      } finally {
        for (const r of receivers) await r.close();
        await database?.drop();
      }
    },
  );
});
