/**
 * The order list while payers pay (issue 29): before, every payer's order emptied every member's access cache in
 * every process, so each list call looked its session and membership up again. Signed-in `POST /order/list` under
 * autocannon (50 connections) alone, then with 4 payers creating orders through the public cashier as fast as they
 * are answered, on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL), ACCESS_CACHE_MS=3000. BENCH_SERVER_ROOT runs the
 * server of another checkout (an extract of an older commit with this tree's node_modules linked in) for a
 * before/after on the same machine; ACCESS_BENCH_SECONDS sets each run's length (default 10).
 */
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from './server.bench.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.ACCESS_BENCH_SECONDS ?? 10);
const PAYERS = 4;

async function start(databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: process.env.BENCH_SERVER_ROOT ?? root,
    env: {
      ...process.env,
      NODE_ENV: '',
      MCHWEB_ENV: 'development',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'true',
      ACCESS_CACHE_MS: '3000',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      MCHWEB_CONNECTIONS_PER_ADDRESS: '0',
      MCHWEB_AUTO_REVIEW: 'off',
      MCHWEB_SANDBOX_REFUND: 'off',
      MCHWEB_SANDBOX_PAYOUT: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server not ready after 120 s');
}

const xsrfOf = (r: Response) =>
  decodeURIComponent(
    r.headers
      .getSetCookie()
      .find((c) => c.startsWith('XSRF-TOKEN='))!
      .split(';')[0]!
      .slice(11),
  );

async function signIn(base: string) {
  const anon = xsrfOf(await fetch(`${base}/api/merchant/user/getCurrentUser`));
  const r = await fetch(`${base}/api/merchant/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${anon}`, 'x-xsrf-token': anon },
    body: JSON.stringify({ account: '13800138000', password: 'Demo@2026' }),
  });
  const body = (await r.clone().json()) as { data: { token: string } };
  return { token: body.data.token, xsrf: xsrfOf(r), anon };
}

/** Payers creating orders one after the other until `stop` says so; how many were answered. */
async function payers(base: string, codes: string[], xsrf: string, stop: () => boolean) {
  let paid = 0;
  await Promise.all(
    Array.from({ length: PAYERS }, async (_, p) => {
      while (!stop()) {
        const r = await fetch(`${base}/api/pay/order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
          body: JSON.stringify({
            codeNo: codes[p % codes.length],
            amountFen: 100 + crypto.randomInt(9000),
            channel: 'WECHAT',
            idempotencyKey: crypto.randomUUID(),
          }),
        });
        if (((await r.json()) as { code: number }).code === 200) paid++;
      }
    }),
  );
  return paid;
}

/** Index scans of the sessions table so far (the statistics are flushed within a second: wait for them). */
async function sessionLookups(url: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500));
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ n: string }>(
    "select coalesce(idx_scan, 0) + coalesce(seq_scan, 0) as n from pg_stat_user_tables where relname = 'sessions'",
  );
  await c.end();
  return Number(rows[0]!.n);
}

export default async function accessCacheBench() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) return { title: 'The order list while payers pay', markdown: 'Skipped: no DATABASE_URL.' };
  const name = `mchweb_bench_access_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const s = await start(target.toString());
  try {
    const db = new pg.Client({ connectionString: target.toString() });
    await db.connect();
    const codes = (
      await db.query<{ code_no: string }>(
        "select code_no from payment_codes where status = 'BOUND' and fixed_amount_fen is null order by id limit 4",
      )
    ).rows.map((r) => r.code_no);
    await db.end();
    const { token, xsrf, anon } = await signIn(s.base);
    const list = () =>
      autocannon({
        url: `${s.base}/api/merchant/order/list`,
        method: 'POST',
        headers: { token, 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        body: JSON.stringify({ timeField: 'created', limit: 20 }),
        connections: 50,
        duration: SECONDS,
      });
    await list(); // warm-up: plans, pools, the JIT
    const alone = await list();
    let stopped = false;
    // PostgreSQL's own count of session lookups (index scans of sessions): independent of how fast a shared machine is.
    const before = await sessionLookups(target.toString());
    const paying = payers(s.base, codes, anon, () => stopped);
    const withPayers = await list();
    stopped = true;
    const paid = await paying;
    const lookups = (await sessionLookups(target.toString())) - before;
    const figures = {
      alone: Math.round(alone.requests.average),
      withPayers: Math.round(withPayers.requests.average),
      paidPerSecond: Math.round(paid / SECONDS),
      lookupsPerList: (lookups / withPayers.requests.total).toFixed(2),
      errors: alone.non2xx + alone.errors + withPayers.non2xx + withPayers.errors,
    };
    const markdown = [
      `| server | list alone, requests/s | list with ${PAYERS} payers, requests/s | payers' orders/s | session lookups per list call, with payers | errors |`,
      '|---|---:|---:|---:|---:|---:|',
      `| ${process.env.BENCH_SERVER_ROOT ? `checkout in ${process.env.BENCH_SERVER_ROOT}` : 'this tree'} | ${figures.alone} | ${figures.withPayers} | ${figures.paidPerSecond} | ${figures.lookupsPerList} | ${figures.errors} |`,
    ].join('\n');
    return { title: 'The order list while payers pay (issue 29)', markdown };
  } finally {
    const exited = new Promise((r) => s.child.once('exit', r));
    s.child.kill('SIGTERM');
    await exited;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// Run directly: print the section.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { markdown } = await accessCacheBench();
  console.log(markdown);
}
