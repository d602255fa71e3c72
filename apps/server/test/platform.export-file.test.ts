import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFile, type QuerySheet } from '../src/export-file.ts';
import { freshDatabase } from './harness.ts';

type Fresh = Awaited<ReturnType<typeof freshDatabase>>;
let database: Fresh;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.drop());

const ROWS = 4500; // more than two of PGlite's batches
/** Text people type, at its worst: markup, quotes, commas, a backslash, line breaks, a tab, a control character. */
const HOSTILE = `=HYPERLINK("x") & <b>, a\\b\r\nline\ttab\u0001end`;
const sheet = (): QuerySheet => ({
  name: 'Rows',
  columns: [
    { header: 'No.', kind: 'count', width: 8, value: sql`g` },
    { header: 'Name', kind: 'typed', width: 30, value: sql`t.name` },
    { header: 'Note', kind: 'text', width: 12, value: sql`case when g % 2 = 0 then null else 'odd' end` },
    { header: 'Amount', kind: 'money', width: 12, value: sql`g * 101 - 5000` },
  ],
  from: sql`generate_series(1, ${ROWS}) g cross join lateral (select case when g = 7 then ${HOSTILE}
    when g = 8 then '-12.5' else 'shop ' || g end as name) t`,
  where: sql`g <> 3`,
  key: sql`g`,
  descending: true,
});

async function bytesOf(format: 'csv' | 'xlsx') {
  const chunks: Buffer[] = [];
  for await (const chunk of exportFile(database, format, [sheet()])) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The rows the sheet should hold, newest key first. */
const expected = () =>
  Array.from({ length: ROWS }, (_, i) => ROWS - i)
    .filter((g) => g !== 3)
    .map((g) => ({ g, name: g === 7 ? HOSTILE : g === 8 ? '-12.5' : `shop ${g}`, fen: g * 101 - 5000 }));

describe('export files (what /exportOrder, /exportSettlement and /exportTradeBill stream)', () => {
  it('CSV: BOM, header, every row in key order, typed formulas neutralised, quoting as Excel reads it', async () => {
    const text = (await bytesOf('csv')).toString('utf8');
    expect(text.startsWith('\uFEFFNo.,Name,Note,Amount\n')).toBe(true);
    const rows = expected();
    // A line per row, but the hostile name holds a quoted line break.
    const lines = text.slice(1).trimEnd().split('\n');
    expect(lines).toHaveLength(rows.length + 2);
    expect(lines[1]).toBe(`${ROWS},shop ${ROWS},,${((ROWS * 101 - 5000) / 100).toFixed(2)}`);
    expect(text).toContain(`7,"'=HYPERLINK(""x"") & <b>, a\\b\r\nline\ttab\u0001end",odd,-42.93\n`);
    expect(text).toContain('8,-12.5,,-41.92\n'); // a plain negative number is not taken for a formula
    expect(text).not.toMatch(/\n3,/);
    const amounts = lines.slice(1).map((l) => l.split(',').at(-1));
    expect(amounts.at(-1)).toBe('-48.99'); // g = 1: 101 - 5000 fen
  });

  it('XLSX: one sheet with the header, numbers as numbers (0.00), text exactly as stored bar forbidden characters', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await bytesOf('xlsx')) as unknown as ArrayBuffer);
    const ws = book.getWorksheet('Rows')!;
    const rows = expected();
    expect(ws.rowCount).toBe(rows.length + 1);
    expect(ws.getRow(1).values).toEqual([undefined, 'No.', 'Name', 'Note', 'Amount']);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    for (const [i, r] of rows.entries()) {
      const row = ws.getRow(i + 2);
      expect(row.getCell(1).value).toBe(r.g);
      expect(row.getCell(4).value).toBe(r.fen / 100);
    }
    const hostile = ws.getRow(rows.findIndex((r) => r.g === 7) + 2);
    // XML cannot carry U+0001: dropped; everything else kept, no apostrophe (a sheet cell is never a formula).
    expect(hostile.getCell(2).value).toBe(HOSTILE.replace('\u0001', ''));
    expect(hostile.getCell(4).numFmt).toBe('0.00');
    expect(ws.getRow(rows.length + 1).getCell(3).value).toBe('odd');
  });

  it('a download closed half-way stops the query and gives its connection back', async () => {
    for (let i = 0; i < 12; i++) {
      const stream = exportFile(database, i % 2 ? 'csv' : 'xlsx', [sheet()]);
      for await (const _ of stream) break; // the browser goes away after the first bytes
    }
    // More closed downloads than the pool's ten connections, and the database still answers at once.
    const answer = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
    expect(answer.rows[0]!.one).toBe(1);
  });
});
