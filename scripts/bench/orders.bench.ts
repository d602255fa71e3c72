// Orders at the scale users reach (issue 11): a million orders over 90 days in one organisation. The list's database
// time and the summary on PGlite; on PostgreSQL the list against its floor (the same SQL behind a bare route) and its
// SQL run directly, its throughput, the exports against `psql \copy`, and the cashier's payments per second with
// nothing lost or doubled.
//
// BENCH_ORDERS_PART=list runs only the list's latency in turns on PostgreSQL (the row of issue 26's target and the
// rows measured with it), not PGlite, the throughput, dashboard, exports or cashier: to measure a change to the list
// route in a minute. With BENCH_ORDERS_KEEP=1 (orders-data.ts) the million orders are made once and kept.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import pg from 'pg';
import { orderFilter } from '../../packages/contract/src/index.ts';
import { orderPageQuery, orderSummary, resolveFilter } from '../../apps/server/src/modules/order/index.ts';
import { DAYS, ORDERS, TZ, pgliteOrders, postgresOrders, type OrdersDb } from './orders-data.ts';
import { PLANNED_ONCE, inlineQuery, inlineSql } from '../../apps/server/src/db/client.ts';
import { csvCopyQuery } from '../../apps/server/src/export-file.ts';
import { ordersSheet } from '../../apps/server/src/modules/order/order-export.ts';
import { cashierRun, exportRun, type ExportFigures } from './orders-http.ts';
import { freePort, signIn, startServer, stopServer } from './server.bench.ts';
import { cpuShare, describeShare, type CpuShare } from './cpu-share.ts';

const days30 = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
/** The list case of the issue: one merchant, 30 days, one status, 20 rows. */
const listFilter = () => ({ mchNos: ['M100000001'], from: days30(), statuses: ['SUCCESS'] });
/** The list's request body: its filter, 20 rows. */
const listBody = () => JSON.stringify({ ...listFilter(), limit: 20 });
/** The throughput load: 50 connections posting the list's body to `url`. */
const listLoad = (url: string, headers: Record<string, string>, duration = 10) =>
  autocannon({ url, method: 'POST', headers, body: listBody(), connections: 50, duration });

/** The measured throughput load on `url`, served by process `pid` (and its children) on `db`: with its CPU shares. */
async function measuredLoad(db: OrdersDb, pid: number, url: string, headers: Record<string, string>) {
  let result: autocannon.Result | undefined;
  const { share } = await cpuShare(pid, db.url!, new URL(db.url!).pathname.slice(1), async () => {
    result = await listLoad(url, headers);
    return result.requests.total;
  });
  return { ...result!, share };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const ms = (x: number) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;
const verdict = (ok: boolean) => (ok ? 'meets' : '**misses**');

async function explainMs(
  db: OrdersDb,
  query: { sql: string; params: unknown[] },
): Promise<{ ms: number; plan: string }> {
  const database = await db.open();
  try {
    const runs: number[] = [];
    let plan = '';
    for (let i = 0; i < 15; i++) {
      const res = (await database.db.execute(
        sql.raw(`explain (analyze, format text) ${inlineQuery(query)}`),
      )) as unknown as { rows: { 'QUERY PLAN': string }[] };
      const lines = res.rows.map((r) => r['QUERY PLAN']);
      runs.push(Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))![1]));
      plan = lines.join('\n');
    }
    return { ms: pct(runs, 0.5), plan };
  } finally {
    await database.close();
  }
}

/** The list's SQL for the filter, first page and a page 20 000 rows deep, and the summary's timing. */
async function pgliteFigures(db: OrdersDb) {
  const database = await db.open();
  let first: { sql: string; params: unknown[] };
  let deep: { sql: string; params: unknown[] };
  const summaryMs: number[] = [];
  let summaryPlan: string;
  try {
    const r = resolveFilter(1, orderFilter.parse(listFilter()), TZ);
    first = orderPageQuery(database.db, r, { limit: 20 }).toSQL();
    // The cursor of a page 20 000 rows deep: the id of the 20 000th line.
    const [deepest] = await orderPageQuery(database.db, r, { limit: 20_000 });
    const { nextCursor } = JSON.parse(deepest!.page) as { nextCursor: string | null };
    if (!nextCursor) throw new Error(`the list's filter has fewer than 20 000 orders (BENCH_ORDERS=${ORDERS})`);
    deep = orderPageQuery(database.db, r, { limit: 20, cursor: nextCursor }).toSQL();
    const month = resolveFilter(1, orderFilter.parse({ from: days30() }), TZ);
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      await orderSummary(database.db, month, TZ);
      summaryMs.push(performance.now() - started);
    }
    const res = (await database.db.execute(
      sql`explain (analyze) select status, sum(count), sum(amount_fen) from order_day_stats
          where company_id = 1 and day >= ${days30()} group by status`,
    )) as unknown as { rows: { 'QUERY PLAN': string }[] };
    summaryPlan = res.rows.map((x) => x['QUERY PLAN']).join('\n');
  } finally {
    await database.close();
  }
  return { first: await explainMs(db, first), deep: await explainMs(db, deep), summaryMs, summaryPlan };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One call (a POST unless `method` says otherwise) on a kept-alive connection, read to its end, as a browser asks
 * (compressed): node's own HTTP client, not fetch, whose web streams cost this process more than the server spends
 * (the SQL side is pg's client).
 */
function send(url: string, headers: Record<string, string>, body: string, method = 'POST'): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: { ...headers, 'accept-encoding': 'br, gzip' } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}`));
      res.on('data', () => {});
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The list's SQL behind a bare Fastify route (list-floor.ts), in a process of its own as the server is: what Node's
 * HTTP and this machine cost before any of the server's own work. It gets the statement with its values to bind, as
 * the server sends it and as the SQL run directly is timed: with the values written into the text instead, prepared
 * once, PostgreSQL planned for those very values (the partitions of their month only), about 30 µs a page that no
 * route whose values change from page to page can have.
 */
async function startFloor(db: OrdersDb, query: ListQuery) {
  const file = path.join(os.tmpdir(), 'mchweb-bench-list.json');
  fs.writeFileSync(file, JSON.stringify({ text: query.sql, values: query.params }));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/list-floor.ts', db.url!, String(port), file],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const stop = () => {
    child.kill('SIGTERM');
    fs.rmSync(file, { force: true });
  };
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/list`, { method: 'POST' }).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (i > 300) {
      stop();
      throw new Error('list-floor.ts did not start');
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { url: `http://127.0.0.1:${port}/list`, pid: child.pid!, stop };
}

/**
 * The floor answers the list's very page: it once answered `"data":undefined`, 40 bytes instead of 7 KB, reading
 * the page's column by a name the query does not give it, and was faster than it could honestly be.
 */
async function sameAnswers(listUrl: string, floorUrl: string, headers: Record<string, string>) {
  const dataOf = async (url: string) =>
    JSON.stringify(
      ((await (await fetch(url, { method: 'POST', headers, body: listBody() })).json()) as { data: unknown }).data,
    );
  const [list, floor] = await Promise.all([dataOf(listUrl), dataOf(floorUrl)]);
  if (list !== floor) throw new Error(`the floor does not answer the list's page: ${floor.slice(0, 80)}`);
}

const ONE_AT_A_TIME = 1500;
type Spread = { p50: number; p99: number };
const spread = (xs: number[]): Spread => ({ p50: pct(xs, 0.5), p99: pct(xs, 0.99) });

/**
 * The list over HTTP, one request at a time, against its own SQL run directly and the floor, in turns (after 100
 * of each to warm up), so they see the same moments of the machine. Two round trips that do no work go in the same
 * turns, to show the tail this machine gives a call before any work: a prepared `select 1` (client and PostgreSQL, as
 * the SQL run directly) and the server's `GET /readyz` (one `select 1`: client, server and PostgreSQL, as the list).
 */
async function listVersusSql(
  db: OrdersDb,
  q: ListQuery,
  base: string,
  floorUrl: string,
  headers: Record<string, string>,
) {
  // Planned once, as the server's list statements are (db/client.ts, plannedOnce).
  const client = new pg.Client({ connectionString: db.url!, options: PLANNED_ONCE });
  await client.connect();
  const times = {
    direct: [] as number[],
    http: [] as number[],
    floor: [] as number[],
    select1: [] as number[],
    readyz: [] as number[],
  };
  const body = listBody();
  for (let i = 0; i < ONE_AT_A_TIME + 100; i++) {
    const timed = async (kind: keyof typeof times, call: () => Promise<unknown>) => {
      const t = performance.now();
      await call();
      if (i >= 100) times[kind].push(performance.now() - t);
    };
    // Prepared, as the server sends it (named statements, parsed once per connection).
    await timed('direct', () => client.query({ name: 'order_page', text: q.sql, values: q.params as unknown[] }));
    await timed('http', () => send(`${base}/api/merchant/order/list`, headers, body));
    await timed('floor', () => send(floorUrl, headers, body));
    await timed('select1', () => client.query({ name: 'select_1', text: 'select 1' }));
    await timed('readyz', () => send(`${base}/readyz`, {}, '', 'GET'));
  }
  await client.end();
  agent.destroy();
  return Object.fromEntries(Object.entries(times).map(([kind, xs]) => [kind, spread(xs)])) as Record<
    keyof typeof times,
    Spread
  >;
}

/**
 * The same load on the server as deployed on this machine: one process per core (MCHWEB_PROCESSES, scripts/start.mjs),
 * after 3 s of the same load to warm them up. The same session and XSRF value serve every process.
 */
async function processesRun(db: OrdersDb, headers: Record<string, string>) {
  const count = os.availableParallelism();
  const s = await startServer({ ...db.env, MCHWEB_PROCESSES: String(count), MCHWEB_AUTO_REVIEW: 'off' });
  try {
    const list = `${s.base}/api/merchant/order/list`;
    await listLoad(list, headers, 3);
    return { count, result: await measuredLoad(db, s.child.pid!, list, headers) };
  } finally {
    await stopServer(s);
  }
}

/** The list's query for the benchmark's filter, its values bound: run directly and behind the floor. */
async function listQuery(db: OrdersDb) {
  const database = await db.open();
  try {
    return orderPageQuery(database.db, resolveFilter(1, orderFilter.parse(listFilter()), TZ), { limit: 20 }).toSQL();
  } finally {
    await database.close();
  }
}
type ListQuery = Awaited<ReturnType<typeof listQuery>>;

/** Only the list's latency in turns (BENCH_ORDERS_PART=list, see the header). */
const LIST_ONLY = process.env.BENCH_ORDERS_PART === 'list';

async function postgresFigures(db: OrdersDb) {
  const query = await listQuery(db);
  const s = await startServer({ ...db.env, MCHWEB_AUTO_REVIEW: 'off', MCHWEB_SANDBOX_REFUND: 'off' });
  let floorServer: Awaited<ReturnType<typeof startFloor>> | undefined;
  try {
    floorServer = await startFloor(db, query);
    const token = await signIn(s.base);
    const first = await fetch(`${s.base}/api/merchant/user/getCurrentUser`, { headers: { token } }); // XSRF bound to it
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
    const headers = { token, 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    await sameAnswers(`${s.base}/api/merchant/order/list`, floorServer.url, headers);
    const latency = await listVersusSql(db, query, s.base, floorServer.url, headers);
    if (LIST_ONLY) return { latency, rest: null };
    const dashboard: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = performance.now();
      const res = await fetch(`${s.base}/api/merchant/dashboard/overview`, { headers: { token } });
      if (((await res.json()) as { code: number }).code !== 200) throw new Error('dashboard refused');
      if (i >= 50) dashboard.push(performance.now() - t);
    }
    const load = await measuredLoad(db, s.child.pid!, `${s.base}/api/merchant/order/list`, headers);
    const processes = await processesRun(db, headers);
    const floor = await measuredLoad(db, floorServer.pid, floorServer.url, headers);
    const exportFilter = { from: new Date(Date.now() - (DAYS + 1) * 86_400_000).toISOString().slice(0, 10) };
    const csv = await exportRun(s, headers, exportFilter, 'csv');
    const xlsx = await exportRun(s, headers, exportFilter, 'xlsx');
    const copySeconds = psqlCopySeconds(db.url!, exportFilter);
    const cashier = await cashierRun(s.base, db, 50, 10);
    return {
      latency,
      rest: { load, processes, floor, csv, xlsx, copySeconds, cashier, dashboardP99: pct(dashboard, 0.99) },
    };
  } finally {
    floorServer?.stop();
    await stopServer(s);
  }
}

/**
 * `psql \copy` of the very query the CSV export copies out (its columns, join, formatting and order) to /dev/null:
 * the floor for a CSV.
 */
function psqlCopySeconds(url: string, filter: object): number {
  const sheet = ordersSheet(resolveFilter(1, orderFilter.parse(filter), TZ), 'en-US', TZ);
  const query = inlineSql(csvCopyQuery(sheet));
  const started = performance.now();
  execFileSync('psql', [url, '-q', '-c', `\\copy (${query.replace(/\s+/g, ' ')}) to '/dev/null' with (format csv)`]);
  return (performance.now() - started) / 1000;
}

const exportRow = (label: string, f: ExportFigures, floor: number, factor: number) =>
  `| ${label} | ${f.rows.toLocaleString('en')} | ${(f.bytes / 1e6).toFixed(0)} MB | ${f.seconds.toFixed(1)} s | ${(f.seconds / floor).toFixed(2)}x (${verdict(f.seconds <= factor * floor)} <= ${factor}x) | ${f.peakRssMb.toFixed(0)} MB (${verdict(f.peakRssMb <= 256)} <= 256 MB) |`;

/**
 * A load's CPU per request by party, and the most requests per second those costs allow if every core were busy
 * with nothing else: the machine's cores divided by the CPU one request takes.
 */
function shareRow(label: string, share: CpuShare | null) {
  if (!share) return `| ${label} | ${describeShare(share)} | |`;
  const perRequest = share.serverUs + share.postgresUs + share.generatorUs;
  return `| ${label} | ${describeShare(share)} | ${Math.round((os.availableParallelism() * 1e6) / perRequest).toLocaleString('en')} req/s |`;
}

/** The PGlite part: the list's and the summary's database time and plans. */
async function pgliteSection(): Promise<string[]> {
  const pgl = await pgliteOrders();
  try {
    const f = await pgliteFigures(pgl);
    const sumP99 = pct(f.summaryMs, 0.99);
    return [
      `**PGlite** (made in ${pgl.generateSeconds.toFixed(0)} s). Database time is EXPLAIN ANALYZE's execution time, median of 15.`,
      '',
      '| case | figure | target |',
      '|---|---|---|',
      `| list, M100000001 + 30 days + SUCCESS, first 20 rows | ${ms(f.first.ms)} | ${verdict(f.first.ms <= 2)} <= 2 ms |`,
      `| the same, 20 rows at depth 20 000 (keyset) | ${ms(f.deep.ms)} | ${verdict(f.deep.ms <= 2)} <= 2 ms |`,
      `| \`/order/summary\`, 30 days (service, p50 / p99 of 30) | ${ms(pct(f.summaryMs, 0.5))} / ${ms(sumP99)} | ${verdict(sumP99 <= 30)} <= 30 ms |`,
      '',
      'List plan (first page):',
      '```',
      f.first.plan,
      '```',
      'List plan (20 000 rows deep):',
      '```',
      f.deep.plan,
      '```',
      'Summary: whole days come from `order_day_stats` (one row per organisation, day, merchant, channel, status,',
      'kept in the transaction of every change of an order); only the parts of days at either end read orders.',
      '```',
      f.summaryPlan,
      '```',
      '',
    ];
  } finally {
    await pgl.drop();
  }
}

/** The floor's factor the list may cost at most, at p50 and at p99 (issue 26, "The list's cost over its floor"). */
const OVER_FLOOR = 1.3;
const spreadMs = (x: Spread) => `${x.p50.toFixed(2)} / ${x.p99.toFixed(2)} ms`;

/** The latency rows, in turns: the list against its floor (the target), its SQL run directly and empty round trips. */
function latencyRows(latency: Awaited<ReturnType<typeof listVersusSql>>): string[] {
  const { direct, http: list, floor, select1, readyz } = latency;
  const p50 = list.p50 / floor.p50;
  const p99 = list.p99 / floor.p99;
  return [
    `| list p50 / p99, one request at a time (${ONE_AT_A_TIME.toLocaleString('en')}), HTTP vs the floor: the same SQL, its values bound, behind a bare Fastify route (list-floor.ts), in turns | ${spreadMs(list)} vs ${spreadMs(floor)} | ${verdict(p50 <= OVER_FLOOR && p99 <= OVER_FLOOR)} p50 and p99 <= ${OVER_FLOOR}x the floor's (p50 ${p50.toFixed(2)}x, p99 ${p99.toFixed(2)}x) |`,
    `| its SQL run directly (prepared), in the same turns | ${spreadMs(direct)} | the list's p99 ${(list.p99 / direct.p99).toFixed(2)}x, the floor's ${(floor.p99 / direct.p99).toFixed(2)}x the SQL's |`,
    `| round trips doing no work, in the same turns: a prepared \`select 1\` (client, PostgreSQL) / \`GET /readyz\` (client, server, PostgreSQL) | \`select 1\` ${spreadMs(select1)}; \`/readyz\` ${spreadMs(readyz)} | /readyz's p99 ${(readyz.p99 / direct.p99).toFixed(2)}x the list SQL's, before any work |`,
  ];
}

type RestFigures = NonNullable<Awaited<ReturnType<typeof postgresFigures>>['rest']>;

/** The rows after the latency: throughput, dashboard, cashier, where the CPU went, exports. */
function restRows(f: RestFigures): string[] {
  return [
    `| list throughput, 50 connections, 10 s, one server process | ${Math.round(f.load.requests.average)} req/s (p99 ${f.load.latency.p99} ms, errors ${f.load.non2xx + f.load.errors}) | ${verdict(f.load.requests.average >= 2000)} >= 2 000 req/s |`,
    `| the same, ${f.processes.count} server processes (\`MCHWEB_PROCESSES=${f.processes.count}\`, one per core) | ${Math.round(f.processes.result.requests.average)} req/s (p99 ${f.processes.result.latency.p99} ms, errors ${f.processes.result.non2xx + f.processes.result.errors}) | (PostgreSQL and the load generator share the 2 cores) |`,
    `| the floor (list-floor.ts), same load | ${Math.round(f.floor.requests.average)} req/s (p99 ${f.floor.latency.p99} ms, errors ${f.floor.non2xx + f.floor.errors}) | |`,
    `| \`GET /dashboard/overview\` p99, one at a time (250) | ${ms(f.dashboardP99)} | ${verdict(f.dashboardP99 <= 50)} <= 50 ms |`,
    `| cashier: create + notify, ${f.cashier.payers} payers, ${f.cashier.seconds} s | ${f.cashier.perSecond.toFixed(0)} payments/s, lost ${f.cashier.lost}, doubled ${f.cashier.doubled} | 0 lost, 0 doubled |`,
    '',
    `Where the CPU of each throughput load went (${os.availableParallelism()} cores; the load generator, autocannon, runs in the benchmark's own process):`,
    '',
    '| load | CPU per request | ceiling at that CPU |',
    '|---|---|---|',
    shareRow('list, one server process', f.load.share),
    shareRow(`list, ${f.processes.count} server processes`, f.processes.result.share),
    shareRow('the floor', f.floor.share),
    '',
    `Exports of every order (the whole 90 days), streamed to the client; \`psql \\copy\` of the export's own query took ${f.copySeconds.toFixed(1)} s.`,
    '',
    '| format | rows | size | time | vs psql \\copy | server peak RSS |',
    '|---|---:|---:|---:|---|---|',
    exportRow('CSV', f.csv, f.copySeconds, 1.5),
    exportRow('XLSX', f.xlsx, f.copySeconds, 4),
  ];
}

export default async function ordersBench() {
  const out: string[] = [
    `${ORDERS.toLocaleString('en')} orders over ${DAYS} days in the demo organisation (\`generateDemoOrders\`, what`,
    '`npm run ops -- demo:orders` runs: 3 merchants, their channels, 90 % paid, 4 % refunded in part or in full).',
    '',
  ];
  if (!LIST_ONLY) out.push(...(await pgliteSection()));
  const pgUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const pgdb = await postgresOrders(pgUrl);
  try {
    const f = await postgresFigures(pgdb);
    out.push(
      `**PostgreSQL** (made in ${pgdb.generateSeconds.toFixed(0)} s), the server spawned (\`node scripts/start.mjs\`), signed in as the owner.`,
      '',
      '| case | figure | target |',
      '|---|---|---|',
      ...latencyRows(f.latency),
      ...(f.rest ? restRows(f.rest) : []),
    );
  } finally {
    await pgdb.drop();
  }
  // The list-only run has a section of its own: it must not replace the full run's figures.
  const title = LIST_ONLY
    ? 'Orders at a million: the list against its floor (issue 26)'
    : 'Orders at a million: list, summary, exports, cashier';
  return { title, markdown: out.join('\n') };
}

if (process.argv[1]?.endsWith('orders.bench.ts')) {
  ordersBench().then((r) => {
    const text = `## ${r.title}\n\n${r.markdown}\n`;
    fs.writeFileSync('/tmp/orders-bench.md', text);
    console.log(text);
  });
}
