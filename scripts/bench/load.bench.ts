/**
 * Load (issue 14, item 11): signed-in GETs from many connections right after start, twice, on PGlite and on
 * PostgreSQL (when BENCH_DATABASE_URL or DATABASE_URL is set): timeouts, latency, and the server's RSS before,
 * between and after (memory that is not returned shows as growth over the second run). Then the cost of the
 * stack per request: a bare Fastify route answering the same envelope against signed-in getCurrentUser, same
 * run, same connections. LOAD_SECONDS shortens the runs (default 60).
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { signIn, startServer, stopServer } from './server.bench.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const P99_TARGET_MS = 100;
const RATIO_TARGET = 0.3;

/** Resident memory of a process, MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const run = (url: string, headers: Record<string, string>, connections: number, duration: number) =>
  autocannon({ url, headers, connections, duration, timeout: 10 });

/** The API alone: no web build (a stale one would be rebuilt first), nothing but JSON is measured. */
const API_ONLY = { WEB_DIST: '/nonexistent' };

async function loadOn(label: string, env: Record<string, string>) {
  const s = await startServer({ ...API_ONLY, ...env });
  try {
    const token = await signIn(s.base);
    const url = `${s.base}/api/merchant/user/getCurrentUser`;
    const rss0 = rssMb(s.child.pid!);
    const first = await run(url, { token }, 200, SECONDS);
    const rss1 = rssMb(s.child.pid!);
    const second = await run(url, { token }, 200, SECONDS);
    const rss2 = rssMb(s.child.pid!);
    const hundred = await run(url, { token }, 100, Math.max(5, Math.round(SECONDS / 2)));
    const growth = ((rss2 - rss1) / rss1) * 100;
    const row = (name: string, r: autocannon.Result) =>
      `| ${label} | ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} / ${r.latency.p99} ms | ${r.timeouts} | ${r.non2xx + r.errors - r.timeouts} |`;
    return {
      rows: [row('200 conn., run 1', first), row('200 conn., run 2', second), row('100 conn.', hundred)],
      memory: `| ${label} | ${rss0.toFixed(0)} | ${rss1.toFixed(0)} | ${rss2.toFixed(0)} | ${growth.toFixed(1)} % (${growth <= 10 ? 'meets' : '**misses**'} <= 10 %) |`,
      p99: `| ${label} | ${hundred.latency.p99} ms (${hundred.latency.p99 <= P99_TARGET_MS ? 'meets' : '**misses**'} <= ${P99_TARGET_MS} ms), timeouts ${first.timeouts + second.timeouts + hundred.timeouts} (target 0) |`,
    };
  } finally {
    await stopServer(s);
  }
}

/** The floor: a bare Fastify route answering the same envelope, no plugins at all. */
async function bareVersusStack(duration: number) {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ status: 200, code: 200, msg: 'success', message: 'success', data: null }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const s = await startServer(API_ONLY);
  try {
    const token = await signIn(s.base);
    const floor = await run(`${bareUrl}/bare`, {}, 50, duration);
    const stack = await run(`${s.base}/api/merchant/user/getCurrentUser`, { token }, 50, duration);
    const ratio = stack.requests.average / floor.requests.average;
    return `| ${Math.round(floor.requests.average)} | ${Math.round(stack.requests.average)} | ${ratio.toFixed(2)}x (${ratio >= RATIO_TARGET ? 'meets' : '**misses**'} >= ${RATIO_TARGET}x) |`;
  } finally {
    await stopServer(s);
    await bare.close();
  }
}

export default async function loadBench() {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const results = [await loadOn('PGlite', {})];
  if (pgUrl) results.push(await loadOn('PostgreSQL', { DATABASE_URL: pgUrl, SEED_DEMO: 'true' }));
  const ratio = await bareVersusStack(Math.max(5, Math.round(SECONDS / 6)));
  const markdown = [
    `Each server spawned fresh (\`node scripts/start.mjs\`), signed in as the demo owner, then autocannon on`,
    `loopback: ${SECONDS} s at 200 connections twice, then ${Math.max(5, Math.round(SECONDS / 2))} s at 100; a request unanswered`,
    'after 10 s counts as a timeout. The load generator shares the 2 cores with the server.',
    '',
    '| database | run | requests/s | p50 / p99 | timeouts | other errors |',
    '|---|---|---:|---|---:|---:|',
    ...results.flatMap((r) => r.rows),
    '',
    '| database | p99 at 100 connections, timeouts |',
    '|---|---|',
    ...results.map((r) => r.p99),
    '',
    '| database | RSS at start MB | after run 1 | after run 2 | growth over run 2 |',
    '|---|---:|---:|---:|---|',
    ...results.map((r) => r.memory),
    '',
    'Per-request cost of the stack (50 connections, same run): a bare Fastify route answering the envelope',
    'against signed-in `GET /user/getCurrentUser` (security headers, XSRF, rate limit, access, serialisation, i18n).',
    '',
    '| bare route requests/s | getCurrentUser requests/s | ratio |',
    '|---:|---:|---|',
    ratio,
  ].join('\n');
  return { title: 'Load and the cost of the stack per request', markdown };
}

if (process.argv[1]?.endsWith('load.bench.ts')) {
  loadBench().then((r) => console.log(`## ${r.title}\n\n${r.markdown}`));
}
