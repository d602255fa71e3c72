/**
 * Issue 26: the order list under 200 connections on the embedded database (PGlite, what `npm start` runs), where
 * every query of every request waits its turn on the one connection. Counts the requests unanswered after 10 s
 * and the latency spread. FAIRNESS_SECONDS sets the run (default 15).
 */
import autocannon from 'autocannon';
import { signIn, startServer, stopServer } from './server.bench.ts';

const SECONDS = Number(process.env.FAIRNESS_SECONDS ?? 15);
const CONNECTIONS = 200;

export default async function pgliteFairnessBench() {
  const s = await startServer({ WEB_DIST: '/nonexistent' });
  try {
    const token = await signIn(s.base);
    const first = await fetch(`${s.base}/api/merchant/user/getCurrentUser`, { headers: { token } }); // XSRF bound to it
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
    const headers = { token, 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const body = JSON.stringify({ from, limit: 20 });
    const check = (await (
      await fetch(`${s.base}/api/merchant/order/list`, { method: 'POST', headers, body })
    ).json()) as { code: number };
    if (check.code !== 200) throw new Error(`order list answered code ${check.code}`);
    const r = await autocannon({
      url: `${s.base}/api/merchant/order/list`,
      method: 'POST',
      headers,
      body,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
    });
    const row = `| ${Math.round(r.requests.average)} | ${r.latency.p50} / ${r.latency.p99} / ${r.latency.max} ms | ${r.timeouts} | ${r.non2xx + r.errors - r.timeouts} |`;
    return {
      title: 'The order list at 200 connections on PGlite',
      markdown: [
        `\`POST /api/merchant/order/list\` (last 30 days, 20 rows) on the demo data, ${CONNECTIONS} connections for ${SECONDS} s,`,
        'autocannon on loopback sharing the 2 cores; a request unanswered after 10 s counts as a timeout.',
        '',
        '| requests/s | p50 / p99 / max | timeouts | other errors |',
        '|---:|---|---:|---:|',
        row,
      ].join('\n'),
    };
  } finally {
    await stopServer(s);
  }
}

if (process.argv[1]?.endsWith('pglite-fairness.bench.ts')) {
  pgliteFairnessBench().then((r) => console.log(`## ${r.title}\n\n${r.markdown}`));
}
