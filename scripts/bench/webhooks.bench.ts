// Webhooks (issue 30): 1,000 events a second produced by payments (the sandbox channel's notices of orders made
// beforehand), delivered to a local receiver that verifies each with the `standardwebhooks` package; the delay
// from the order's change (its paidAt) to the receiver having the request, p50/p99/max. On PostgreSQL
// (DATABASE_URL), one server process.
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import type net from 'node:net';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { cpuShare, describeShare } from './cpu-share.ts';
import { signIn, startServer, stopServer } from './server.bench.ts';

const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 10);
const EVENTS = RATE * SECONDS;
/** Paid on the demo's two bound codes in turns (two merchants) with BENCH_WEBHOOK_MERCHANTS=2, else the first's. */
const CODES = ['880000000001', '880000000002'].slice(0, Number(process.env.BENCH_WEBHOOK_MERCHANTS ?? 1));
/** Server processes (MCHWEB_PROCESSES): one by default, 2 for one per core. */
const PROCESSES = process.env.BENCH_WEBHOOK_PROCESSES ?? '1';

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/**
 * The channel's notices, over at most 64 kept-alive connections (as a channel's notifier keeps them): a fresh
 * connection per notice at 1,000 a second overflows the listen backlog and fails in the client ("fetch failed"),
 * which measures the load generator, not the server. Notices wait in the agent's queue; the delay counts it.
 */
const notifier = new http.Agent({ keepAlive: true, maxSockets: 64 });
function notify(base: string, xsrf: string, orderNo: string): Promise<void> {
  const body = JSON.stringify({ orderNo, result: 'SUCCESS' });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/pay/sandbox/notify`,
      {
        method: 'POST',
        agent: notifier,
        // The sandbox's notice route is a browser's (the sandbox page's "pay" button): it wants the XSRF pair.
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number; msg: string };
          if (json.code === 200) resolve();
          else reject(new Error(json.msg));
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function receiver() {
  const arrived = new Map<string, number>();
  const delays: number[] = [];
  let bad = 0;
  let wh: Webhook | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        const event = wh!.verify(body, req.headers as Record<string, string>) as { data: { paidAt: string } };
        const id = String(req.headers['webhook-id']);
        if (!arrived.has(id)) {
          arrived.set(id, at);
          delays.push(at - Date.parse(event.data.paidAt));
        }
      } catch {
        bad++;
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hooks`,
    arrived,
    delays,
    bad: () => bad,
    setSecret: (s: string) => void (wh = new Webhook(s)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export default async function webhooksBench() {
  const admin = process.env.DATABASE_URL;
  if (!admin)
    return { title: 'Webhooks: 1,000 events a second', markdown: 'Skipped: needs DATABASE_URL (PostgreSQL).' };
  const name = `mchweb_bench_webhooks_${crypto.randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const s = await startServer({
    DATABASE_URL: url.toString(),
    MCHWEB_PROCESSES: PROCESSES,
    MCHWEB_SETTLE_AT: 'off',
    // No web build: the bench calls the API only.
    WEB_DIST: os.tmpdir(),
  });
  const r = await receiver();
  try {
    const token = await signIn(s.base);
    const first = await fetch(`${s.base}/api/merchant/user/getCurrentUser`, { headers: { token } });
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
    const post = async <T>(path: string, body: object, withToken = true) => {
      const res = await fetch(s.base + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${xsrf}`,
          'x-xsrf-token': xsrf,
          ...(withToken ? { token } : {}),
        },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string; data: T };
      if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
      return json.data;
    };
    const ep = await post<{ id: number }>('/api/merchant/developer/webhook/endpoints/create', {
      url: r.url,
      eventTypes: ['order.paid'],
    });
    r.setSecret(
      (await post<{ secret: string }>('/api/merchant/developer/webhook/endpoints/secret', { id: ep.id })).secret,
    );

    // The orders, made beforehand (10 at a time): the measured part is their payment.
    const orderNos: string[] = [];
    for (let i = 0; i < EVENTS; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, EVENTS - i) }, (_, j) =>
          post<{ orderNo: string }>('/api/pay/order', {
            codeNo: CODES[(i + j) % CODES.length]!,
            amountFen: 2500,
            channel: 'WECHAT',
            idempotencyKey: crypto.randomUUID(),
          }),
        ),
      );
      orderNos.push(...batch.map((o) => o.orderNo));
    }

    // Open loop: RATE notices a second, sent in slices of 10 ms whatever the answers' pace.
    const started = performance.now();
    const sent: Promise<unknown>[] = [];
    let refused = 0;
    const refusals = new Map<string, number>();
    let next = 0;
    let producedIn = 0;
    // What a payment costs, from its notice to its verified delivery: the server, PostgreSQL and this process.
    const { share } = await cpuShare(s.child.pid!, admin, name, async () => {
      while (next < orderNos.length) {
        const due = Math.min(orderNos.length, Math.floor(((performance.now() - started) / 1000) * RATE));
        for (; next < due; next++)
          sent.push(
            notify(s.base, xsrf, orderNos[next]!).catch((e: Error) => {
              refused++;
              refusals.set(e.message, (refusals.get(e.message) ?? 0) + 1);
            }),
          );
        await new Promise((res) => setTimeout(res, 10));
      }
      await Promise.all(sent);
      producedIn = (performance.now() - started) / 1000;
      const deadline = Date.now() + 120_000;
      while (r.arrived.size < EVENTS && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
      return r.arrived.size;
    });
    const drainedIn = (performance.now() - started) / 1000;
    const d = r.delays;
    return {
      title: 'Webhooks: 1,000 events a second',
      markdown: [
        `${EVENTS} orders made beforehand, then paid by the sandbox channel's notices sent open-loop at ${RATE} a second`,
        `(${(EVENTS / producedIn).toFixed(0)} a second reached: the ${EVENTS} notices answered in ${producedIn.toFixed(1)} s, ${refused} refused${refusals.size ? `: ${[...refusals].map(([m, n]) => `${n} × ${m}`).join('; ')}` : ''}),`,
        'each an `order.paid` event to one endpoint; a local receiver verified every request with the `standardwebhooks`',
        "package. Delay: from the order's `paidAt` (set in the transaction that writes the event) to the request at the",
        `receiver. ${PROCESSES === '1' ? 'One server process' : `${PROCESSES} server processes`} on PostgreSQL (\`DATABASE_URL\`), the load generator and receiver in the bench process`,
        'on the same 2 cores.',
        '',
        '| events delivered | bad signatures | last delivered after | p50 delay | p99 delay | max delay |',
        '| ---: | ---: | ---: | ---: | ---: | ---: |',
        `| ${r.arrived.size} of ${EVENTS} | ${r.bad()} | ${drainedIn.toFixed(1)} s | ${d.length ? pct(d, 0.5) : '-'} ms | ${d.length ? pct(d, 0.99) : '-'} ms | ${d.length ? Math.max(...d) : '-'} ms |`,
        '',
        `CPU per payment, from its notice to its verified delivery: ${describeShare(share)}.`,
        '',
        "The delay is the dispatcher's period (200 ms, outbox to queue) plus the queue's fetch (woken in-process) plus the",
        'HTTP request; under a backlog the outbox is dispatched in batches of 500 and the deliveries in batches of 100 by 4',
        `fetch loops. The payments are ${CODES.length === 1 ? "one merchant's (the demo's fixed-amount code)" : `spread over ${CODES.length} merchants (the demo's bound codes in turns)`}; spread or not, the rate`,
        'reached is the same (the limit is the CPU the server, PostgreSQL and the load generator share, not one',
        "merchant's locks), on a machine whose load average the line above gives.",
      ].join('\n'),
    };
  } finally {
    notifier.destroy();
    await r.close();
    await stopServer(s);
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}
