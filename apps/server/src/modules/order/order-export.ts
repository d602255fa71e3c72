import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { and, desc, lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Language } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { merchantNamesOf } from '../merchant/index.ts';
import { orderConditions, type ResolvedFilter } from './order-filter.ts';
import { orders } from './order.tables.ts';

type OrderRow = typeof orders.$inferSelect;
const BATCH = 2000;

/**
 * Every order of the filter, newest first, a batch at a time: each batch is one short keyset query (`id <` the
 * last one sent), so an export of a million rows holds neither the rows in memory nor the database (PGlite has one
 * connection, and a cursor would keep it from everyone else for the whole download).
 */
async function* batches(db: Tx, r: ResolvedFilter): AsyncGenerator<OrderRow[]> {
  let beforeId: number | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(orders)
      .where(and(orderConditions(r), beforeId === undefined ? undefined : lt(orders.id, beforeId)))
      .orderBy(desc(orders.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    beforeId = rows.at(-1)!.id;
  }
}

const HEADERS: Record<Language, string[]> = {
  'zh-CN': [
    '订单号',
    '商户号',
    '商户名称',
    '收款码',
    '标签',
    '支付渠道',
    '订单状态',
    '订单金额(元)',
    '手续费(元)',
    '已退款(元)',
    '创建时间',
    '支付时间',
  ],
  'en-US': [
    'Order no.',
    'Merchant no.',
    'Merchant',
    'Code no.',
    'Label',
    'Channel',
    'Status',
    'Amount (CNY)',
    'Fee (CNY)',
    'Refunded (CNY)',
    'Created',
    'Paid',
  ],
};

/** A time as `YYYY-MM-DD HH:mm:ss` in the business time zone (what a spreadsheet reads as a date). */
function localTime(tz: string) {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (at: Date | null) => (at ? format.format(at) : '');
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** One order as the cells of a row: money as yuan, times in the business time zone. */
async function rowsOf(db: Tx, list: OrderRow[], time: (at: Date | null) => string) {
  const names = await merchantNamesOf(
    db,
    list.map((o) => o.merchantId),
  );
  return list.map((o) => {
    const m = names.get(o.merchantId);
    return {
      text: [o.orderNo, m?.mchNo ?? '', m?.name ?? '', o.codeNo ?? '', o.label ?? '', o.channel, o.status],
      fen: [o.amountFen, o.feeFen, o.refundedFen],
      times: [time(o.createdAt), time(o.paidAt)],
    };
  });
}

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; a text starting like a formula (= + - @) gets a
 * leading apostrophe so a spreadsheet shows it instead of running it (labels and names are typed by people).
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The orders as CSV: UTF-8 with a byte-order mark, so Excel opens the Chinese right. */
export function orderCsv(db: Tx, r: ResolvedFilter, language: Language, tz: string): Readable {
  const time = localTime(tz);
  return Readable.from(
    (async function* () {
      yield `\uFEFF${HEADERS[language].join(',')}\r\n`;
      for await (const list of batches(db, r)) {
        const lines = (await rowsOf(db, list, time)).map((row) =>
          [...row.text.map(csvCell), ...row.fen.map(yuan), ...row.times].join(','),
        );
        yield `${lines.join('\r\n')}\r\n`;
      }
    })(),
  );
}

/**
 * The orders as XLSX, written as they are read (ExcelJS's streaming writer, no shared strings): memory stays flat.
 * Money cells are numbers formatted 0.00, so the sheet can add them up.
 */
export function orderXlsx(db: Tx, r: ResolvedFilter, language: Language, tz: string): Readable {
  const out = new PassThrough();
  const time = localTime(tz);
  (async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet(language === 'zh-CN' ? '订单' : 'Orders');
    sheet.columns = HEADERS[language].map((header, i) => ({
      header,
      width: [24, 14, 24, 14, 14, 10, 16, 14, 12, 14, 20, 20][i],
      ...(i >= 7 && i <= 9 ? { style: { numFmt: '0.00' } } : {}),
    }));
    for await (const list of batches(db, r)) {
      for (const row of await rowsOf(db, list, time)) {
        sheet.addRow([...row.text, ...row.fen.map((f) => f / 100), ...row.times]).commit();
      }
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await book.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
