// `npm run cluster -- test` (issue 29): payers and members through HAProxy for 60 s; at 20 s the PostgreSQL leader
// dies (its Patroni and its PostgreSQL, kill -9: a machine lost), at 40 s application node 2 (kill -9). Afterwards
// every acknowledged payment is looked up in the orders and the ledger, `ops reconcile` checks the day, and the
// failed requests are counted by cause. Then the same load for 15 s through 1, 2 and 3 application nodes.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DIR, PORTS, urls } from './topology.mjs';

const PAYERS = 8;
const READERS = 4;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

/** One HTTP call: the envelope, or why there is none. */
async function call(base, method, url, { body, token, xsrf } = {}) {
  const headers = { 'content-type': 'application/json', 'accept-language': 'en-US' };
  if (token) headers.token = token;
  if (xsrf) Object.assign(headers, { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf });
  try {
    const r = await fetch(`${base}${url}`, {
      method,
      headers,
      body: body && JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await r.text();
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    let envelope = null;
    try {
      envelope = JSON.parse(text);
    } catch {
      // not JSON: HAProxy's own error page
    }
    return { http: r.status, envelope, xsrf: cookie && decodeURIComponent(cookie.split(';')[0].slice(11)) };
  } catch (err) {
    return { http: 0, envelope: null, error: err.cause?.code ?? err.name };
  }
}

const failureOf = (r) =>
  r.http === 0
    ? `connection: ${r.error}`
    : r.http !== 200
      ? `HTTP ${r.http}${r.envelope?.msg ? ` (${r.envelope.msg})` : ''}`
      : `envelope ${r.envelope?.code}: ${r.envelope?.msg}`;

/** The load: payers paying (order, then the channel's notice) and members reading lists, until `stopAt`. */
async function load(base, { codes, owner, stopAt, record }) {
  const anon = await call(base, 'GET', '/api/merchant/user/getCurrentUser');
  const payerXsrf = anon.xsrf;
  const payer = async (p) => {
    while (now() < stopAt) {
      const key = crypto.randomUUID();
      const amountFen = 100 + crypto.randomInt(9900);
      const codeNo = codes[p % codes.length];
      // A payer's phone retries with the same key until it has an answer: one order whatever happens.
      let orderNo = null;
      while (!orderNo && now() < stopAt + 30_000) {
        const started = now();
        const r = await call(base, 'POST', '/api/pay/order', {
          body: { codeNo, amountFen, channel: 'WECHAT', idempotencyKey: key },
          xsrf: payerXsrf,
        });
        const ok = r.envelope?.code === 200;
        record({ kind: 'write', started, ended: now(), ok, why: ok ? null : failureOf(r) });
        if (ok) orderNo = r.envelope.data.orderNo;
        else await sleep(200);
      }
      // The channel repeats its notice until it is answered, as channels do.
      let acknowledged = false;
      while (orderNo && !acknowledged && now() < stopAt + 30_000) {
        const started = now();
        const r = await call(base, 'POST', '/api/pay/sandbox/notify', {
          body: { orderNo, result: 'SUCCESS' },
          xsrf: payerXsrf,
        });
        acknowledged = r.envelope?.code === 200 && r.envelope.data.status === 'SUCCESS';
        record({ kind: 'write', started, ended: now(), ok: acknowledged, why: acknowledged ? null : failureOf(r) });
        if (acknowledged) record({ kind: 'paid', orderNo, amountFen, at: now() });
        else await sleep(200);
      }
    }
  };
  const reader = async () => {
    while (now() < stopAt) {
      const started = now();
      const r = await call(base, 'POST', '/api/merchant/order/list', {
        body: { timeField: 'created', limit: 20 },
        token: owner.token,
        xsrf: owner.xsrf,
      });
      const ok = r.envelope?.code === 200;
      record({ kind: 'read', started, ended: now(), ok, why: ok ? null : failureOf(r) });
      if (!ok) await sleep(200);
    }
  };
  await Promise.all([
    ...Array.from({ length: PAYERS }, (_, p) => payer(p)),
    ...Array.from({ length: READERS }, () => reader()),
  ]);
}

async function signIn(base) {
  const anon = await call(base, 'GET', '/api/merchant/user/getCurrentUser');
  const r = await call(base, 'POST', '/api/merchant/login', {
    body: { account: '13800138000', password: 'Demo@2026' },
    xsrf: anon.xsrf,
  });
  if (r.envelope?.code !== 200) throw new Error(`sign-in failed: ${failureOf(r)}`);
  return { token: r.envelope.data.token, xsrf: r.xsrf };
}

const pidsOf = () => JSON.parse(fs.readFileSync(path.join(DIR, 'pids.json'), 'utf8'));
const kill9 = (pid) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
};

/** The leader's Patroni and its PostgreSQL, killed at once: the machine is gone. */
async function killLeader(members) {
  const leader = (await members()).find((m) => m.role === 'leader');
  const member = leader.name;
  const patroni = pidsOf().find((p) => p.name === `patroni${member.slice(2)}`);
  const postmaster = Number(fs.readFileSync(path.join(DIR, member, 'data/postmaster.pid'), 'utf8').split('\n')[0]);
  kill9(patroni.pid);
  kill9(postmaster);
  return { member, patroni: patroni.pid, postmaster };
}

function summarise(events, t0) {
  const byWhy = new Map();
  for (const e of events.filter((x) => (x.kind === 'read' || x.kind === 'write') && !x.ok)) {
    const key = `${e.kind}: ${e.why}`;
    const s = byWhy.get(key) ?? { count: 0, first: Infinity, last: 0 };
    s.count++;
    s.first = Math.min(s.first, (e.started - t0) / 1000);
    s.last = Math.max(s.last, (e.ended - t0) / 1000);
    byWhy.set(key, s);
  }
  return [...byWhy].sort((a, b) => b[1].count - a[1].count);
}

export async function runTest({ members, psql, startNode, restartMember, root }) {
  const base = urls.app;
  const codes = psql(
    `select code_no from payment_codes where status = 'BOUND' and fixed_amount_fen is null order by id limit ${PAYERS}`,
  ).split('\n');
  if (!codes[0]) throw new Error('no bound payment codes: is the demo seeded?');
  const owner = await signIn(base);
  const startedAt = new Date();
  const events = [];
  const record = (e) => events.push(e);
  const t0 = now();
  const stopAt = t0 + 60_000;
  const timeline = [];
  const chaos = (async () => {
    await sleep(20_000);
    const dead = await killLeader(members);
    timeline.push({ at: (now() - t0) / 1000, what: `kill -9 PostgreSQL leader ${dead.member}`, ...dead });
    await sleep(20_000);
    const node = pidsOf().find((p) => p.name === 'node2');
    kill9(node.pid);
    timeline.push({ at: (now() - t0) / 1000, what: `kill -9 application node 2 (pid ${node.pid})` });
  })();
  console.log('60 s of load: 8 payers and 4 readers through HAProxy; leader killed at 20 s, node 2 at 40 s...');
  await Promise.all([load(base, { codes, owner, stopAt, record }), chaos]);

  const leaderDeath = t0 + timeline[0].at * 1000;
  const resumed = events
    .filter((e) => e.kind === 'write' && e.ok && e.started > leaderDeath)
    .reduce((min, e) => Math.min(min, e.ended), Infinity);
  const paid = events.filter((e) => e.kind === 'paid');
  const orderNos = paid.map((p) => `'${p.orderNo}'`).join(',');
  const check = psql(`select count(*) filter (where o.status = 'SUCCESS' and o.amount_fen = p.amount),
      count(*) filter (where o.order_no is null),
      (select count(*) from ledger_transactions t where t.kind = 'PAYMENT' and t.ref_no in (${orderNos})),
      (select count(*) from (select ref_no from ledger_transactions where kind = 'PAYMENT' and ref_no in (${orderNos})
        group by ref_no having count(*) > 1) d)
    from (values ${paid.map((p) => `('${p.orderNo}', ${p.amountFen})`).join(',')}) p(no, amount)
    left join orders o on o.order_no = p.no`).split('|');
  const [inOrders, missing, inLedger, doubled] = check.map(Number);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(startedAt);
  let reconcile;
  try {
    reconcile = execFileSync('npm', ['run', '--silent', 'ops', '--', 'reconcile', '--date', day], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: urls.direct, MCHWEB_ENV: 'development', NODE_ENV: '' },
      encoding: 'utf8',
    }).trim();
  } catch (err) {
    reconcile = `FAILED: ${(err.stdout ?? '') + (err.stderr ?? '')}`.trim();
  }
  const writes = events.filter((e) => e.kind === 'write');
  const reads = events.filter((e) => e.kind === 'read');
  const failures = summarise(events, t0);
  const lines = [
    `Failover run ${startedAt.toISOString()} (${os.cpus().length} cores, load average at the end ${os.loadavg()[0].toFixed(1)})`,
    '',
    ...timeline.map((t) => `- at ${t.at.toFixed(1)} s: ${t.what}`),
    `- acknowledged payments: ${paid.length}; found paid with their amount in orders: ${inOrders}; missing: ${missing}`,
    `- PAYMENT transactions in the ledger for them: ${inLedger}; orders with more than one: ${doubled}`,
    `- writes resumed ${((resumed - leaderDeath) / 1000).toFixed(1)} s after the leader's death`,
    `- requests: ${writes.length} writes (${writes.filter((e) => !e.ok).length} failed), ${reads.length} reads (${reads.filter((e) => !e.ok).length} failed)`,
    `- ops reconcile --date ${day}: ${reconcile.split('\n').join(' / ')}`,
    '',
    '| failed requests | count | from s | to s |',
    '|---|---:|---:|---:|',
    ...failures.map(([why, s]) => `| ${why} | ${s.count} | ${s.first.toFixed(1)} | ${s.last.toFixed(1)} |`),
  ];
  console.log(lines.join('\n'));

  // Node 2 and the dead member back, then the same load through 1, 2 and 3 nodes, one after the other.
  startNode(1);
  restartMember(timeline[0].member);
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`http://127.0.0.1:${PORTS.nodes[1]}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await sleep(250);
  }
  await sleep(3000); // HAProxy's checks mark node 2 up again
  const throughput = [];
  for (const [nodes, port] of [
    [1, PORTS.appOne],
    [2, PORTS.appTwo],
    [3, PORTS.app],
  ]) {
    const ev = [];
    const t = now();
    await load(`http://127.0.0.1:${port}`, { codes, owner, stopAt: t + 15_000, record: (e) => ev.push(e) });
    const seconds = (now() - t) / 1000;
    const ok = (k) => ev.filter((e) => e.kind === k && e.ok).length;
    throughput.push({
      nodes,
      payments: (ev.filter((e) => e.kind === 'paid').length / seconds).toFixed(0),
      writes: (ok('write') / seconds).toFixed(0),
      reads: (ok('read') / seconds).toFixed(0),
      failed: ev.filter((e) => (e.kind === 'read' || e.kind === 'write') && !e.ok).length,
      load: os.loadavg()[0].toFixed(1),
    });
  }
  const table = [
    '',
    `Throughput, same load (8 payers, 4 readers, 15 s each) through HAProxy to 1, 2 and 3 application nodes:`,
    '',
    '| nodes | payments/s | writes/s | list reads/s | failed | load average after |',
    '|---:|---:|---:|---:|---:|---:|',
    ...throughput.map((r) => `| ${r.nodes} | ${r.payments} | ${r.writes} | ${r.reads} | ${r.failed} | ${r.load} |`),
  ];
  console.log(table.join('\n'));
  fs.writeFileSync(path.join(DIR, 'results.md'), [...lines, ...table].join('\n') + '\n');
  console.log(`\n(also in ${path.join(DIR, 'results.md')})`);
}
