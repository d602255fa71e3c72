import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { contentDispositionFor } from './modules/upload/index.ts';

/**
 * Files of the exports (`/exportOrder`, `/exportSettlement`, `/exportTradeBill`): CSV for Excel (UTF-8 with a BOM,
 * CRLF) and XLSX written as rows are read (ExcelJS's streaming writer, no shared strings), so memory stays flat
 * whatever the size. A sheet's rows come from an async source, a batch at a time.
 */
export type Cell = string | number;
export interface SheetSpec {
  name: string;
  headers: string[];
  widths?: number[];
  /** Columns (0-based) holding yuan amounts: numbers formatted 0.00 in XLSX. */
  moneyColumns?: number[];
  rows: () => AsyncIterable<Cell[][]>;
}

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A time as `YYYY-MM-DD HH:mm:ss` in the business time zone (what a spreadsheet reads as a date). */
export function localTime(tz: string) {
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

/** Fen as yuan with two decimals, for a cell: "12.30" in CSV, 12.3 in XLSX (formatted 0.00). */
export const yuanText = (fen: number) => (fen / 100).toFixed(2);

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; a text starting like a formula (= + - @) gets a
 * leading apostrophe so a spreadsheet shows it instead of running it (labels and names are typed by people).
 */
export function csvCell(value: Cell): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Sheets one after another in one CSV (a blank line between), as WeChat's bills put the summary under the rows. */
export function csvFile(sheets: SheetSpec[]): Readable {
  return Readable.from(
    (async function* () {
      yield '\uFEFF';
      for (const [i, sheet] of sheets.entries()) {
        if (i > 0) yield '\r\n';
        yield `${sheet.headers.map(csvCell).join(',')}\r\n`;
        for await (const batch of sheet.rows()) {
          if (batch.length) yield `${batch.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
        }
      }
    })(),
  );
}

/** The sheets as one XLSX workbook, streamed; a failure ends the stream with the error. */
export function xlsxFile(sheets: SheetSpec[]): Readable {
  const out = new PassThrough();
  (async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    for (const spec of sheets) {
      const sheet = book.addWorksheet(spec.name);
      sheet.columns = spec.headers.map((header, i) => ({
        header,
        width: spec.widths?.[i] ?? 16,
        ...(spec.moneyColumns?.includes(i) ? { style: { numFmt: '0.00' } } : {}),
      }));
      for await (const batch of spec.rows()) {
        for (const row of batch) {
          sheet
            .addRow(
              row.map((cell, i) => (spec.moneyColumns?.includes(i) && typeof cell === 'string' ? Number(cell) : cell)),
            )
            .commit();
        }
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.commit();
    }
    await book.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** Answer an export: the file as an attachment with its name, never kept by a cache. */
export function sendExport(reply: FastifyReply, name: string, format: 'csv' | 'xlsx', body: Readable) {
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', contentDispositionFor(name))
    .header('cache-control', 'no-store')
    .send(body);
}
