import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pgClient from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT } from '../src/config.ts';
import { SMS_ENV } from '../src/config-sms.fixture.ts';
import { timedJob } from '../src/metrics.ts';
import { freePort } from './free-port.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness.ts';
import { codeFor, notify, pay, refundNotify } from './payment-fixtures.ts';

// GET /metrics (docs/operations.md, "Metrics"): behind METRICS_TOKEN on the main port, or on METRICS_PORT.

const TOKEN = 'metrics-token-0123456789abcdef';
const pg = Boolean(process.env.DATABASE_URL);

/** The value of the series `name` with exactly `labels`, 0 when the scrape has no such line. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (JSON.stringify(Object.entries(found).sort()) === JSON.stringify(Object.entries(labels).sort()))
      return Number(m[3]);
  }
  return 0;
}

describe('metrics on the main port, behind METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(async () => t.close());

  const scrape = async (authorization = `Bearer ${TOKEN}`) => {
    const res = await t.client().raw({ method: 'GET', url: '/metrics', headers: { authorization } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers 401 without the token or with another one, and the series with it', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: TOKEN }]) {
      const res = await t.client().raw({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({ code: 401, data: null });
      expect(res.body).not.toContain('mchweb_');
    }
    const text = await scrape();
    expect(valueOf(text, 'mchweb_server_processes')).toBe(1);
    // prom-client's process defaults: event-loop lag, CPU, heap.
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
    ])
      expect(text).toContain(`\n${name} `);
  });

  it('counts requests by route pattern, method and status, never by the raw URL', async () => {
    const owner = await t.signIn('demo');
    const fileId = 'f0123456789abcdef0123456789abcd';
    const route = { route: '/api/merchant/inco/file/:fileId', method: 'GET' };
    const before = await scrape();
    const res = await owner.get(`/api/merchant/inco/file/${fileId}`);
    await owner.get('/api/merchant/no/such/path/4711');
    const after = await scrape();

    const status = String(res.http);
    expect(valueOf(after, 'mchweb_http_requests_total', { ...route, status })).toBe(
      valueOf(before, 'mchweb_http_requests_total', { ...route, status }) + 1,
    );
    expect(valueOf(after, 'mchweb_http_request_duration_seconds_count', route)).toBe(
      valueOf(before, 'mchweb_http_request_duration_seconds_count', route) + 1,
    );
    const unmatched = { route: 'unmatched', method: 'GET', status: '404' };
    expect(valueOf(after, 'mchweb_http_requests_total', unmatched)).toBe(
      valueOf(before, 'mchweb_http_requests_total', unmatched) + 1,
    );
    expect(after).not.toContain(fileId);
    // The path's text, not its number: a duration's sum can hold any run of digits (0.024704711 failed a CI run).
    expect(after).not.toContain('no/such/path');
    // Nor a secret: the metrics token, the session's token, the demo password, the database's address.
    for (const secret of [TOKEN, owner.token!, DEMO_PASSWORD, process.env.DATABASE_URL ?? 'postgres://'])
      expect(after).not.toContain(secret);
  });

  it('counts payments and refunds by channel and outcome, once per change; queue depths follow', async () => {
    const payer = t.client();
    const counted = async () => {
      const text = await scrape();
      return {
        paid: valueOf(text, 'mchweb_payments_total', { channel: 'ALIPAY', outcome: 'SUCCESS' }),
        failed: valueOf(text, 'mchweb_payments_total', { channel: 'ALIPAY', outcome: 'FAILED' }),
        refunded: valueOf(text, 'mchweb_refunds_total', { channel: 'ALIPAY', outcome: 'SUCCESS' }),
        pending: valueOf(text, 'mchweb_queue_depth', { queue: 'orders_pending' }),
        refunding: valueOf(text, 'mchweb_queue_depth', { queue: 'refunds_processing' }),
      };
    };
    const codeNo = await codeFor(t.database.db, 'M100000001');
    const start = await counted();
    const order = await pay(payer, codeNo, 1234, 'ALIPAY');
    const unpaid = await pay(payer, codeNo, 99, 'ALIPAY');
    expect(await counted()).toEqual({ ...start, pending: start.pending + 2 });

    expect((await notify(payer, order.orderNo)).body.data.status).toBe('SUCCESS');
    await notify(payer, order.orderNo); // the channel resends: nothing changes, nothing counted
    await notify(payer, unpaid.orderNo, 'FAILED');
    const paid = await counted();
    expect(paid).toEqual({ ...start, paid: start.paid + 1, failed: start.failed + 1 });

    const owner = await t.signIn('demo');
    const refund = await owner.post<{ refundNo: string }>('/api/merchant/order/refund', {
      orderNo: order.orderNo,
      amountFen: 1234,
      reason: 'metrics',
      idempotencyKey: crypto.randomUUID(),
    });
    expect(refund.body.code).toBe(200);
    expect((await counted()).refunding).toBe(start.refunding + 1);
    await refundNotify(payer, refund.body.data.refundNo, 'SUCCESS');
    await refundNotify(payer, refund.body.data.refundNo, 'SUCCESS');
    expect(await counted()).toEqual({ ...paid, refunded: start.refunded + 1 });
  });

  it("reads the database pools' connections on PostgreSQL (none on PGlite)", async () => {
    const text = await scrape();
    if (!pg) return expect(text).not.toMatch(/^mchweb_db_pool_connections\{/m);
    expect(valueOf(text, 'mchweb_db_pool_connections', { pool: 'main', state: 'total' })).toBeGreaterThan(0);
    for (const state of ['idle', 'waiting'])
      expect(text).toMatch(
        new RegExp(`^mchweb_db_pool_connections\\{pool="planned_once",state="${state}"\\} \\d+$`, 'm'),
      );
  });

  it('counts runs, failures and the duration of a periodic job', async () => {
    await timedJob('metrics test job', async () => {});
    await expect(
      timedJob('metrics test job', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const text = await scrape();
    expect(valueOf(text, 'mchweb_job_runs_total', { job: 'metrics test job' })).toBe(2);
    expect(valueOf(text, 'mchweb_job_failures_total', { job: 'metrics test job' })).toBe(1);
    expect(valueOf(text, 'mchweb_job_duration_seconds_count', { job: 'metrics test job' })).toBe(2);
  });
});

describe('metrics settings', () => {
  // Each builds its own app inside the test, a fresh embedded database: 5 to 15 s on a loaded 2-core machine, so
  // one app per test (the two used to share one test and its 30 s) and room for a slow one.
  for (const metricsToken of [null, TOKEN]) {
    it(`METRICS_PORT serves GET /metrics alone, ${metricsToken ? 'asking for the token set' : 'with no token set'}; the main port has none without it`, async () => {
      const port = await freePort();
      const t = await createTestApp({ seed: false, config: { metricsPort: port, metricsToken } });
      try {
        await t.app.ready();
        const url = `http://127.0.0.1:${port}`;
        const open = await fetch(`${url}/metrics`);
        expect(open.status).toBe(metricsToken ? 401 : 200);
        const withToken = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
        expect(withToken.status).toBe(200);
        expect(await withToken.text()).toContain('mchweb_http_requests_total');
        expect((await fetch(`${url}/api/merchant/user/getCurrentUser`)).status).toBe(404);
        if (!metricsToken) {
          const main = await t.client().raw({ method: 'GET', url: '/metrics' });
          expect(main.body).not.toContain('mchweb_');
          expect(main.json()).toMatchObject({ code: 404 });
        }
      } finally {
        await t.close();
      }
      // Closed with the app.
      await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    }, 60_000);
  }

  it('stops the start on a malformed port, a short token, or a public metrics port in production', () => {
    expect(() => loadConfig({ METRICS_PORT: '90a0' })).toThrow('METRICS_PORT must be a whole number');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters');
    const production = { NODE_ENV: 'production', MCHWEB_EMBEDDED_OK: 'true', ...SMS_ENV };
    const publicPort = { ...production, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' };
    expect(() => loadConfig(publicPort)).toThrow('METRICS_HOST=0.0.0.0 in production needs METRICS_TOKEN');
    expect(loadConfig({ ...publicPort, METRICS_TOKEN: TOKEN })).toMatchObject({ metricsPort: 9464 });
    expect(loadConfig({ ...production, METRICS_PORT: '9464' })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      metricsToken: null,
    });
  });
});

describe.skipIf(!pg)('metrics of several processes (MCHWEB_PROCESSES, PostgreSQL)', () => {
  const name = `mchweb_test_${crypto.randomBytes(6).toString('hex')}`;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-metrics-'));
  const admin = async (statement: string) => {
    const c = new pgClient.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  afterAll(async () => {
    await admin(`drop database if exists ${name} with (force)`);
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it("the primary serves METRICS_PORT with both processes' series added up", { timeout: 90_000 }, async () => {
    await admin(`create database ${name}`);
    const target = new URL(process.env.DATABASE_URL!);
    target.pathname = `/${name}`;
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ...{ HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: webDist, REDIS_URL: '', MCHWEB_PROCESSES: '2' },
        ...{ DATABASE_URL: target.toString(), PORT: String(port), METRICS_PORT: String(metricsPort) },
        METRICS_TOKEN: TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise((r) => child.on('exit', r));
    const scrape = () =>
      fetch(`http://127.0.0.1:${metricsPort}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }).then(
        async (r) => (r.status === 200 ? r.text() : ''),
        () => '',
      );
    const healthz = { route: '/healthz', method: 'GET', status: '200' };
    try {
      // The second process starts once the first listens.
      for (const started = Date.now(); valueOf(await scrape(), 'mchweb_server_processes') !== 2;) {
        if (Date.now() - started > 60_000) throw new Error(`no metrics of two processes:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const before = valueOf(await scrape(), 'mchweb_http_requests_total', healthz);
      // New connections go to the processes in turn: one process's series would hold about half of them.
      for (let i = 0; i < 20; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } });
        expect(res.status).toBe(200);
      }
      const after = await scrape();
      expect(valueOf(after, 'mchweb_http_requests_total', healthz)).toBe(before + 20);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(401);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
