// Settlement at scale (issue 12): one business day of 100 000 orders across 50 merchants settled, on PostgreSQL and
// on PGlite; the organisation's trade bill of that day exported as CSV against `psql \copy` of its rows, with the
// server's peak memory.
import { execFile, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { systemActor } from '../../apps/server/src/actor.ts';
import { addDays, dayOf, dayStart } from '../../apps/server/src/business-day.ts';
import { inlineSql, openDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { seedDemoIfEmpty } from '../../apps/server/src/sandbox/seed-demo.ts';
import { generateDemoOrders } from '../../apps/server/src/sandbox/demo-orders.ts';
import { billRowsSheet, runSettlement } from '../../apps/server/src/modules/settlement/index.ts';
import { RECONCILE_CHECKS } from '../../apps/server/src/modules/index.ts';
import { reconcileDay } from '../../apps/server/src/reconcile.ts';
import { csvCopyQuery } from '../../apps/server/src/export-file.ts';
import { signIn, startServer, stopServer } from './server.bench.ts';

const ORDERS = Number(process.env.BENCH_SETTLE_ORDERS ?? 100_000);
const MERCHANTS = 50;
const TZ = 'Asia/Shanghai';
const verdict = (ok: boolean) => (ok ? 'meets' : '**misses**');
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** 50 merchants of the demo organisation and ORDERS orders of theirs over yesterday, in time order. */
async function fill(database: Database): Promise<string> {
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  await database.db.execute(sql`
    insert into merchants (company_id, mch_no, name, short_name, type, category, status, account_type, bank_name,
      account_name, account_number)
    select 1, 'M4' || lpad(g::text, 8, '0'), 'Bench shop ' || g, 'Shop ' || g, 'INDIVIDUAL', 'RETAIL', 'ACTIVE',
      'PERSONAL', '中国工商银行', 'Bench', '6222020200' || lpad(g::text, 9, '0')
    from generate_series(1, ${MERCHANTS}) g`);
  await database.db.execute(sql`
    insert into merchant_channel_rates (merchant_id, channel, rate_tenths)
    select m.id, c.channel, 38 from merchants m cross join (values ('WECHAT'), ('ALIPAY')) c(channel)
    where m.mch_no like 'M4%'`);
  const today = dayOf(new Date(), TZ);
  const yesterday = addDays(today, -1);
  await database.db.execute(
    sql`update merchants set status = 'FROZEN' where mch_no not like 'M4%' and status = 'ACTIVE'`,
  );
  // Orders end at today's midnight: the whole of yesterday, nothing of today.
  await generateDemoOrders(database.db, { orders: ORDERS, days: 1, tz: TZ, now: dayStart(today, TZ) });
  // Every bench merchant shares 10 % with the next one and 5 % with an outside card, approved and in force (numbers
  // of their own: the demo's applications are D2026010100000000000n).
  await database.db.execute(sql`
    insert into split_applications (apply_no, company_id, merchant_id, status, receivers, total_ratio, effective_from)
    select 'D2026010199990000' || lpad(m.rn::text, 4, '0'), 1, m.id, 'APPROVED',
      jsonb_build_array(
        jsonb_build_object('type', 'MERCHANT', 'merchantId', n.id, 'name', n.mch_no, 'ratio', 10),
        jsonb_build_object('type', 'EXTERNAL', 'name', 'Bench', 'accountNo', '6222020200012345670', 'bankName', 'Bench', 'ratio', 5)),
      15, ${yesterday}
    from (select id, row_number() over (order by id) as rn from merchants where mch_no like 'M4%') m
    join (select id, mch_no, row_number() over (order by id) as rn from merchants where mch_no like 'M4%') n
      on n.rn = m.rn % ${MERCHANTS} + 1`);
  await database.db.execute(sql`analyze`);
  return yesterday;
}

async function settleTimed(database: Database, day: string) {
  const started = performance.now();
  const result = await runSettlement(database.db, systemActor('bench'), day, { tz: TZ });
  const seconds = (performance.now() - started) / 1000;
  const { differences: problems } = await reconcileDay(database.db, RECONCILE_CHECKS, day, { tz: TZ });
  return { seconds, result, problems };
}

async function exportBill(url: string, day: string) {
  const s = await startServer({
    DATABASE_URL: url,
    MCHWEB_AUTO_REVIEW: 'off',
    MCHWEB_SETTLE_AT: 'off',
    MCHWEB_SANDBOX_PAYOUT: 'off',
    MCHWEB_TRANSFER_SMS_ABOVE_FEN: '1000000000000',
    MCHWEB_TRANSFER_DAILY_LIMIT_FEN: '1000000000000',
  });
  try {
    const token = await signIn(s.base);
    const first = await fetch(`${s.base}/api/merchant/user/getCurrentUser`, { headers: { token } }); // XSRF bound to it
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
    const headers = { token, 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    let peak = rssMb(s.child.pid!);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(s.child.pid!))), 50);
    const started = performance.now();
    // curl, as the order benchmark downloads (a native client, as psql is), asking for compression as browsers do.
    const file = path.join(os.tmpdir(), 'mchweb-bench-bill.csv');
    const args = ['-s', '--compressed', '-o', file, '-d', JSON.stringify({ date: day, format: 'csv' })];
    for (const [header, value] of Object.entries(headers)) args.push('-H', `${header}: ${value}`);
    // Asynchronously: the memory sampler keeps running meanwhile.
    await promisify(execFile)('curl', [...args, `${s.base}/api/merchant/exportTradeBill`]);
    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    const text = fs.readFileSync(file, 'utf8');
    fs.rmSync(file, { force: true });
    const rows = text.split('\n\n')[0]!.trimEnd().split('\n').length - 1;
    const transfers = {
      one: await transferLoad(s.base, headers, url, false),
      many: await transferLoad(s.base, headers, url, true),
    };
    return { seconds, rows, peakMb: peak, transfers };
  } finally {
    await stopServer(s);
  }
}

/**
 * 50 clients making ¥1.00 transfers for 10 s, all on one merchant (they take turns on its balance row) or each on
 * its own; the books are checked after.
 */
async function transferLoad(base: string, headers: Record<string, string>, url: string, spread: boolean) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const payee = await c.query(
    `insert into payee_accounts (company_id, type, name, account_no) values (1, 'ALIPAY', 'Bench', 'bench@example.com') returning id`,
  );
  const merchants = (await c.query(`select mch_no from merchants where mch_no like 'M4%' order by id`)).rows as {
    mch_no: string;
  }[];
  let done = 0;
  let refused = 0;
  const deadline = performance.now() + 10_000;
  await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      while (performance.now() < deadline) {
        const res = await fetch(`${base}/api/merchant/transfer/create`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            mchNo: merchants[spread ? i % merchants.length : 0]!.mch_no,
            accountId: payee.rows[0].id,
            amountFen: 100,
            idempotencyKey: crypto.randomUUID(),
          }),
        });
        const body = (await res.json()) as { code: number };
        if (body.code === 200) done++;
        else refused++;
      }
    }),
  );
  const negative = await c.query(
    `select count(*) as n from ledger_balances where account like '%:available' and balance_fen < 0`,
  );
  await c.end();
  return { perSecond: done / 10, refused, negative: Number(negative.rows[0].n) };
}

/** `psql \copy` of the very query the bill's CSV copies out (the organisation's merchants, that day) to /dev/null. */
async function copySeconds(url: string, day: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ id: number }>(
    `select id from merchants where company_id = (select company_id from merchants where mch_no = 'M100000001')`,
  );
  await c.end();
  const sheet = billRowsSheet(
    rows.map((r) => r.id),
    day,
    'en-US',
    TZ,
  );
  const query = inlineSql(csvCopyQuery(sheet));
  const started = performance.now();
  execFileSync('psql', [url, '-q', '-c', `\\copy (${query.replace(/\s+/g, ' ')}) to '/dev/null' with (format csv)`]);
  return (performance.now() - started) / 1000;
}

export default async function settlementBench() {
  const out: string[] = [
    `${ORDERS.toLocaleString('en')} orders of one business day across ${MERCHANTS} merchants (\`generateDemoOrders\`: 90 % paid,`,
    '4 % refunded), settled by `runSettlement` in-process (what the job and `ops settle:run` call), then reconciled.',
    '',
    '| database | settle the day | settlements | reconcile | target |',
    '|---|---:|---:|---|---|',
  ];
  const serverUrl =
    process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = 'mchweb_bench_settle';
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let bill: Awaited<ReturnType<typeof exportBill>>;
  let copy: number;
  try {
    const pgdb = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
    const day = await fill(pgdb);
    const r = await settleTimed(pgdb, day);
    await pgdb.close();
    out.push(
      `| PostgreSQL | ${r.seconds.toFixed(1)} s | ${r.result.settled} settled, ${r.result.failed} failed | ${r.problems.length} differences | ${verdict(r.seconds <= 10)} <= 10 s |`,
    );
    bill = await exportBill(url.toString(), day);
    copy = await copySeconds(url.toString(), day);
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-bench-settle-'));
  try {
    const pgl = await openDatabase({ databaseUrl: null, dataDir: dir });
    const day = await fill(pgl);
    const r = await settleTimed(pgl, day);
    await pgl.close();
    out.push(
      `| PGlite | ${r.seconds.toFixed(1)} s | ${r.result.settled} settled, ${r.result.failed} failed | ${r.problems.length} differences | ${verdict(r.seconds <= 30)} <= 30 s |`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  out.push(
    '',
    `The organisation's trade bill of that day as CSV (\`POST /exportTradeBill\`, PostgreSQL, ${bill.rows.toLocaleString('en')} rows):`,
    `${bill.seconds.toFixed(1)} s against ${copy.toFixed(1)} s for \`psql \\copy\` of the same query`,
    `(${(bill.seconds / copy).toFixed(2)}x, ${verdict(bill.seconds <= 1.5 * copy)} <= 1.5x); server peak RSS ${bill.peakMb.toFixed(0)} MB`,
    `(${verdict(bill.peakMb <= 256)} <= 256 MB).`,
    '',
    'Each merchant shares 10 % with the next one and 5 % with an outside card (approved, in force): the settlement',
    'above takes the shares in the same transactions.',
    '',
    'Transfers (`POST /transfer/create`, ¥1.00 each, 50 clients for 10 s on the same server, PostgreSQL):',
    '',
    '| case | transfers/s | refused | available balances below zero after |',
    '|---|---:|---:|---:|',
    `| all 50 clients on one merchant (one balance row, taken in turn) | ${bill.transfers.one.perSecond.toFixed(0)} | ${bill.transfers.one.refused} | ${bill.transfers.one.negative} |`,
    `| 50 clients on 50 merchants | ${bill.transfers.many.perSecond.toFixed(0)} | ${bill.transfers.many.refused} | ${bill.transfers.many.negative} |`,
  );
  return { title: 'Settlement of a 100 000-order day and its trade bill', markdown: out.join('\n') };
}

if (process.argv[1]?.endsWith('settlement.bench.ts')) {
  settlementBench().then((r) => console.log(`## ${r.title}\n\n${r.markdown}`));
}
