// Business lists under load: POST /merchant/list and POST /inco/list of an organisation with 10 000 merchants and
// 10 000 onboarding applications (keyset pages, filters), on the real server (PGlite, as `npm start` runs it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedDemoIfEmpty } from '../../apps/server/src/sandbox/seed-demo.ts';
import { signIn, startServer, stopServer } from './server.bench.ts';

const ROWS = 10_000;
const DURATION_S = 8;
const CONNECTIONS = 20;

/**
 * The demo data, then 10 000 more merchants (two or three channels each, a creation in their history) and 10 000
 * applications in the demo organisation (id 1), written straight in SQL: the services would take minutes.
 */
async function seedMany(dataDir: string) {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  await database.migrate();
  await seedDemoIfEmpty(database.db);
  const db = database.db;
  await db.execute(sql`
    insert into merchants (company_id, mch_no, name, short_name, type, category, status, legal_person_name,
      address, service_phone, account_type, bank_name, branch_name, account_name, account_number, created_at)
    select 1, 'M2' || lpad(g::text, 8, '0'), '压测商户' || g, '压测' || g,
      (array['INDIVIDUAL','ENTERPRISE','SMALL_MICRO'])[1 + g % 3], 'CATERING',
      (array['ACTIVE','ACTIVE','ACTIVE','FROZEN','CLOSED'])[1 + g % 5], '张三', '杭州市西湖区', '0571-88886666',
      'PERSONAL', '中国工商银行', '西湖支行', '张三', '6222020200' || lpad(g::text, 9, '0'),
      now() - ((${ROWS} - g) || ' minutes')::interval
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`
    insert into merchant_channel_rates (merchant_id, channel, rate_tenths)
    select m.id, c.channel, 38 from merchants m cross join (values ('WECHAT'), ('ALIPAY')) c(channel)
    where m.mch_no like 'M2%'
    union all select m.id, 'UNIONPAY', 55 from merchants m where m.mch_no like 'M2%' and m.id % 2 = 0`);
  await db.execute(sql`
    insert into merchant_status_changes (merchant_id, from_status, to_status, system)
    select id, null, 'ACTIVE', 'bench' from merchants where mch_no like 'M2%'`);
  await db.execute(sql`
    insert into applications (apply_no, company_id, status, source, draft, subject_type, subject_name,
      subject_short_name, created_by, created_at, updated_at, submitted_at)
    select 'A2026010100000' || lpad(g::text, 7, '0'), 1,
      (array['DRAFT','SUBMITTED','AUDITING','APPROVED','REJECTED','CANCELED'])[1 + g % 6], 'PORTAL',
      jsonb_build_object('subject', jsonb_build_object('type', 'INDIVIDUAL', 'name', '压测申请' || g)),
      'INDIVIDUAL', '压测申请' || g, '压测' || g, 1,
      now() - ((${ROWS} - g) || ' minutes')::interval, now(), null
    from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`analyze`);
  await database.close();
}

interface Case {
  label: string;
  path: string;
  body: object;
}

export default async function listsBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-bench-lists-'));
  await seedMany(dataDir);
  // No sandbox reviewer: the figures are of the lists alone.
  const s = await startServer({ MCHWEB_AUTO_REVIEW: 'off' }, dataDir);
  const rows: string[] = [];
  try {
    const token = await signIn(s.base);
    // XSRF values are signed by the server: take one from its first answer, as a browser does.
    const first = await fetch(`${s.base}/api/merchant/user/getCurrentUser`, { headers: { token } }); // XSRF bound to it
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
    const headers = {
      token,
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    };
    const post = async (p: string, body: object) => {
      const res = await fetch(`${s.base}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
      return (await res.json()) as { code: number; msg: string; data: { rows?: unknown[]; nextCursor: string } };
    };
    // A cursor half-way down: keyset pages cost the same at any depth.
    let cursor = '';
    for (let i = 0, page = await post('/api/merchant/merchant/list', { limit: 100 }); i < 50; i++) {
      cursor = page.data.nextCursor;
      page = await post('/api/merchant/merchant/list', { limit: 100, cursor });
    }
    const cases: Case[] = [
      // The floor: the cheapest signed-in POST (session and membership read, one company row).
      { label: 'baseline: `POST /feeManager/getCompany`', path: '/api/merchant/feeManager/getCompany', body: {} },
      { label: 'merchants, first page (20)', path: '/api/merchant/merchant/list', body: {} },
      {
        label: 'merchants, a page of 100 at depth 5 000',
        path: '/api/merchant/merchant/list',
        body: { limit: 100, cursor },
      },
      {
        label: 'merchants, ACTIVE on UNIONPAY, name contains "99"',
        path: '/api/merchant/merchant/list',
        body: { status: ['ACTIVE'], channel: 'UNIONPAY', name: '99' },
      },
      { label: 'applications, first page (20)', path: '/api/merchant/inco/list', body: {} },
      {
        label: 'applications, SUBMITTED or REJECTED, name contains "12", created this month',
        path: '/api/merchant/inco/list',
        body: {
          status: ['SUBMITTED', 'REJECTED'],
          name: '12',
          createdFrom: new Date(Date.now() - 30 * 86_400_000).toISOString(),
        },
      },
    ];
    for (const c of cases) {
      const check = await post(c.path, c.body);
      if (check.code !== 200 || (check.data.rows && check.data.rows.length === 0)) {
        throw new Error(`${c.label}: ${check.msg}`);
      }
      const result = await autocannon({
        url: `${s.base}${c.path}`,
        method: 'POST',
        headers,
        body: JSON.stringify(c.body),
        connections: CONNECTIONS,
        duration: DURATION_S,
      });
      const errors = result.non2xx + result.errors;
      rows.push(
        `| ${c.label} | ${Math.round(result.requests.average)} | ${result.latency.p50} / ${result.latency.p99} ms | ${result.requests.total} / ${errors} |`,
      );
    }
  } finally {
    await stopServer(s);
  }
  const markdown = [
    `The demo organisation with ${ROWS.toLocaleString('en')} more merchants (two or three channels each) and`,
    `${ROWS.toLocaleString('en')} onboarding applications, on the real server (\`node scripts/start.mjs\`, PGlite).`,
    `Each row: autocannon on loopback, ${DURATION_S} s, ${CONNECTIONS} connections, signed in as the owner (every POST`,
    'reads the session and the membership from the database: calls that may write skip the access cache). The',
    'baseline row is the cheapest signed-in POST: what every such call costs before its own work.',
    '',
    '| call | requests/s | p50 / p99 | requests / non-2xx or errors |',
    '|---|---:|---|---|',
    ...rows,
    '',
    'Keyset pages (`id < cursor` on the index `(company_id, id desc)`) cost the same at any depth; the filters',
    "narrow within the organisation (the channel by the rates' primary key, names by ILIKE over the rows). On the",
    'embedded PGlite every query of every request runs on its one WebAssembly thread, so a list costs about what',
    'the baseline does; a page of 100 rows costs more to read and to encode than one of 20.',
    `Load average during this run (1 min): ${os.loadavg()[0]!.toFixed(2)} on ${os.availableParallelism()} cores.`,
  ].join('\n');
  return { title: 'Business lists: /merchant/list and /inco/list with 10 000 merchants and applications', markdown };
}

// Run alone: `node --import tsx scripts/bench/lists.bench.ts` prints its section.
if (import.meta.url === `file://${process.argv[1]}`) {
  const section = await listsBench();
  process.stdout.write(`## ${section.title}\n\n${section.markdown}\n`);
}
