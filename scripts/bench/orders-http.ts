// HTTP sides of the orders benchmark: a streamed export read to the end while the server's memory is sampled,
// and payers paying at once through the public cashier.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { BENCH_CODE, type OrdersDb } from './orders-data.ts';
import type { Running } from './server.bench.ts';

export interface ExportFigures {
  rows: number;
  bytes: number;
  seconds: number;
  peakRssMb: number;
}

const run = promisify(execFile);
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/**
 * POST /exportOrder downloaded by curl as a browser would (asking for compression, which curl undoes natively),
 * written to a temporary path; rows counted from the file. curl, not fetch: undici's web streams and its brotli
 * decoding in this process cost more than the server's whole export, and psql, the floor, is native too.
 */
export async function exportRun(
  s: Running,
  headers: Record<string, string>,
  filter: object,
  format: 'csv' | 'xlsx',
): Promise<ExportFigures> {
  const file = path.join(os.tmpdir(), `mchweb-bench-export.${format}`);
  let peak = rssMb(s.child.pid!);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(s.child.pid!))), 50);
  const started = performance.now();
  try {
    const args = ['-s', '--compressed', '-o', file, '-w', '%{http_code}', '-d', JSON.stringify({ filter, format })];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    const { stdout } = await run('curl', [...args, `${s.base}/api/merchant/exportOrder`]);
    if (stdout.trim() !== '200') throw new Error(`export answered HTTP ${stdout}`);
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const bytes = fs.statSync(file).size;
  let rows = 0;
  if (format === 'csv') {
    for await (const chunk of fs.createReadStream(file)) {
      for (const byte of chunk as Buffer) if (byte === 10) rows++;
    }
    rows -= 1; // the header
  } else {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {});
    for await (const sheet of reader) for await (const _row of sheet) rows++;
    rows -= 1;
  }
  fs.rmSync(file, { force: true });
  return { rows, bytes, seconds, peakRssMb: peak };
}

export interface CashierFigures {
  payers: number;
  seconds: number;
  perSecond: number;
  lost: number;
  doubled: number;
}

/**
 * `payers` payers at once for `seconds`: each payment is an order and the channel's SUCCESS notice; every fifth
 * payment is a double tap (the same key sent twice at once). Then the database is asked: every order paid once.
 */
export async function cashierRun(base: string, db: OrdersDb, payers: number, seconds: number): Promise<CashierFigures> {
  const first = await fetch(`${base}/api/pay/code/${BENCH_CODE}`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const post = async (p: string, body: object) =>
    (await (await fetch(`${base}${p}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as {
      code: number;
      data: { orderNo: string; status: string };
    };
  const run = `bench${crypto.randomBytes(4).toString('hex')}`;
  const paid = new Set<string>();
  let attempts = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: payers }, async () => {
      while (performance.now() < deadline) {
        const n = attempts++;
        const body = {
          codeNo: BENCH_CODE,
          amountFen: 100 + (n % 5000),
          channel: 'WECHAT',
          idempotencyKey: `${run}-${n}`,
        };
        const taps = await Promise.all(Array.from({ length: n % 5 === 0 ? 2 : 1 }, () => post('/api/pay/order', body)));
        const orderNo = taps[0]!.data.orderNo;
        if (taps.some((t) => t.code !== 200 || t.data.orderNo !== orderNo))
          throw new Error('a double tap made two orders');
        const done = await post('/api/pay/sandbox/notify', { orderNo, result: 'SUCCESS' });
        if (done.data.status === 'SUCCESS') paid.add(orderNo);
      }
    }),
  );
  const database = await db.open();
  try {
    const res = (await database.db.execute(sql`
      select count(*)::int as orders, count(*) filter (where o.status = 'SUCCESS')::int as success,
        (select count(*)::int from ledger_transactions t join orders o2 on o2.order_no = t.ref_no
          where t.kind = 'PAYMENT' and o2.idempotency_key like ${`${run}-%`}) as postings
      from orders o where o.idempotency_key like ${`${run}-%`}`)) as unknown as {
      rows: { orders: number; success: number; postings: number }[];
    };
    const { orders, success, postings } = res.rows[0]!;
    return {
      payers,
      seconds,
      perSecond: paid.size / seconds,
      lost: attempts - success,
      doubled: Math.max(0, orders - attempts) + Math.max(0, postings - success),
    };
  } finally {
    await database.close();
  }
}
