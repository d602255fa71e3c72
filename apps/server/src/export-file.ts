import { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Reader, Tx } from './db/client.ts';
import { contentDispositionFor } from './modules/upload/index.ts';
import { columnName, STYLE, XLSX_MAX_ROWS, xlsxRow, xlsxStream } from './xlsx-zip.ts';

/**
 * Files of the exports (`/exportOrder`, `/exportSettlement`, `/exportTradeBill`): CSV for Excel (UTF-8 with a BOM)
 * and XLSX. A sheet is one query, and the database formats its cells (yuan, local times, the XML of a row), so the
 * server only passes bytes along:
 * - PostgreSQL: `COPY (query) TO STDOUT`, streamed at the pace of the download (what `psql \copy` does);
 * - PGlite: the same query in keyset batches of 2 000 rows (one connection, which a cursor would hold for the whole
 *   download).
 * Either way no more than a batch or a socket buffer is ever in memory.
 */
export type Cell = string | number;

/**
 * text: written by the platform (numbers, statuses, times); typed: typed by people (names, labels, reasons), so a
 * CSV cell starting like a formula (= + - @) gets a leading apostrophe and a spreadsheet shows it instead of
 * running it; money: fen, written as yuan with two decimals (a number formatted 0.00 in XLSX); count: an integer.
 */
export type ColumnKind = 'text' | 'typed' | 'money' | 'count';

export interface Column {
  header: string;
  width: number;
  kind: ColumnKind;
  /** The cell's SQL (text for text kinds, integer fen for money). */
  value: SQL;
}

/** A sheet of rows read from the database: `select <columns> from <from> where <where> order by <key>`. */
export interface QuerySheet {
  name: string;
  columns: Column[];
  from: SQL;
  where: SQL | undefined;
  /** A unique integer expression the rows are ordered (and batched) by. */
  key: SQL;
  descending: boolean;
}

/** A few rows made in JavaScript (the summary block of a bill). */
export interface ValueSheet {
  name: string;
  columns: Omit<Column, 'value'>[];
  rows: () => Promise<Cell[][]>;
}

export type Sheet = QuerySheet | ValueSheet;

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A time as `YYYY-MM-DD HH:mm:ss` in the business time zone (what a spreadsheet reads as a date), in SQL. */
export const localTimeSql = (at: SQL, tz: string) =>
  sql`to_char(${at} at time zone ${sql.raw(quote(tz))}, 'YYYY-MM-DD HH24:MI:SS')`;

/** Fen as yuan with two decimals, for a cell made in JavaScript. */
export const yuanText = (fen: number) => (fen / 100).toFixed(2);

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Typed text starting like a formula, unless it is a plain number (-12.5). */
const LOOKS_LIKE_FORMULA = (v: SQL) =>
  sql`left(${v}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) and ${v} !~ '^-?[0-9]+([.][0-9]+)?$'`;

/**
 * A cell of a CSV row as the database writes it. A typed column's value should be a plain column (it is read three
 * times).
 */
function csvValue(c: Column): SQL {
  switch (c.kind) {
    case 'money':
      return sql`round((${c.value})::numeric / 100, 2)::text`;
    case 'count':
    case 'text':
      return sql`(${c.value})::text`;
    case 'typed':
      return sql`case when ${LOOKS_LIKE_FORMULA(c.value)} then '''' || ${c.value} else ${c.value} end`;
  }
}

/**
 * Text as XML character data that COPY's text format passes unchanged: markup escaped, the characters COPY would
 * escape (backslash, tab, line breaks) as character references, the control characters XML forbids dropped.
 */
const xmlSql = (text: SQL) =>
  sql`replace(replace(replace(replace(replace(replace(replace(regexp_replace(coalesce((${text})::text, ''), '[\\x01-\\x08\\x0B\\x0C\\x0E-\\x1F]', '', 'g'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '\\', '&#92;'), chr(9), '&#9;'), chr(10), '&#10;'), chr(13), '&#13;')`;

/** A cell of an XLSX row in SQL; `n` is the row number, `v` the column's value in the subquery. */
function xlsxCell(c: Column, index: number, v: SQL): SQL {
  const ref = sql.raw(`'<c r="${columnName(index)}' || q.n || '"'`);
  switch (c.kind) {
    case 'money':
      return sql`${ref} || ${sql.raw(`' s="${STYLE.money}"><v>'`)} || round((${v})::numeric / 100, 2)::text || '</v></c>'`;
    case 'count':
      return sql`${ref} || '><v>' || coalesce((${v})::text, '0') || '</v></c>'`;
    default:
      return sql`${ref} || ' t="inlineStr"><is><t xml:space="preserve">' || ${xmlSql(v)} || '</t></is></c>'`;
  }
}

const direction = (s: QuerySheet) => (s.descending ? sql`desc` : sql`asc`);

/** The sheet's rows as CSV cells `c0..cN`, with the key `k`. */
function csvQuery(s: QuerySheet, extra?: SQL, limit?: number): SQL {
  const cells = sql.join(
    s.columns.map((c, i) => sql`${csvValue(c)} as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  return sql`select ${s.key} as k, ${cells} from ${s.from} where ${whereOf(s, extra)}
    order by ${s.key} ${direction(s)}${limit ? sql` limit ${sql.raw(String(limit))}` : sql``}`;
}

/**
 * The sheet's rows as XLSX `<row>` elements (`line`), numbered from `first`. The outer query orders by the inner
 * one's key, which PostgreSQL sees is already its order (no second sort).
 */
function xlsxQuery(s: QuerySheet, first: number, extra?: SQL, limit?: number): SQL {
  const values = sql.join(
    s.columns.map((c, i) => sql`${c.value} as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  const cells = sql.join(
    s.columns.map((c, i) => xlsxCell(c, i, sql.raw(`q.c${i}`))),
    sql` || `,
  );
  return sql`select q.k, '<row r="' || q.n || '">' || ${cells} || '</row>' as line from (
    select ${s.key} as k, row_number() over (order by ${s.key} ${direction(s)}) + ${sql.raw(String(first - 1))} as n,
      ${values} from ${s.from} where ${whereOf(s, extra)}
    order by ${s.key} ${direction(s)}${limit ? sql` limit ${sql.raw(String(limit))}` : sql``}) q
    order by q.k ${direction(s)}`;
}

/** What PostgreSQL copies out for a CSV sheet: its cells, in order (the benchmark times `psql \copy` of it). */
export function csvCopyQuery(s: QuerySheet): SQL {
  const cells = sql.join(
    s.columns.map((_, j) => sql.raw(`c${j}`)),
    sql`, `,
  );
  return sql`select ${cells} from (${csvQuery(s)}) q order by q.k ${direction(s)}`;
}

const whereOf = (s: QuerySheet, extra?: SQL) => sql.join([s.where ?? sql`true`, ...(extra ? [extra] : [])], sql` and `);

const BATCH = 2000;

/** The query's rows a batch at a time, each batch one short query after the last key sent. */
async function* batches<T extends { k: number | string }>(
  db: Tx,
  s: QuerySheet,
  query: (extra: SQL | undefined, done: number) => SQL,
): AsyncGenerator<T[]> {
  let last: number | undefined;
  let done = 0;
  for (;;) {
    const extra = last === undefined ? undefined : sql`${s.key} ${s.descending ? sql`<` : sql`>`} ${last}`;
    const { rows } = (await db.execute(query(extra, done))) as unknown as { rows: T[] };
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < BATCH) return;
    done += rows.length;
    last = Number(rows.at(-1)!.k);
  }
}

/** A CSV cell as COPY writes one: quoted when it holds a comma, quote or line break. */
function csvCell(value: Cell | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (cells: (Cell | null)[]) => `${cells.map(csvCell).join(',')}\n`;

/** A cell made in JavaScript, with the same apostrophe rule as the SQL above. */
const guarded = (cell: Cell, kind: ColumnKind) =>
  kind === 'typed' && typeof cell === 'string' && /^[=+@\t\r-]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell)
    ? `'${cell}`
    : cell;

/** Sheets one after another in one CSV (a blank line between), as WeChat's bills put the summary under the rows. */
async function* csvChunks(database: Reader, sheets: Sheet[]): AsyncGenerator<Buffer | string> {
  yield '\uFEFF';
  for (const [i, sheet] of sheets.entries()) {
    if (i > 0) yield '\n';
    yield csvLine(sheet.columns.map((c) => c.header));
    if ('rows' in sheet) {
      for (const row of await sheet.rows()) yield csvLine(row.map((cell, j) => guarded(cell, sheet.columns[j]!.kind)));
    } else if (database.copyOut) {
      yield* database.copyOut(csvCopyQuery(sheet), 'format csv');
    } else {
      for await (const rows of batches<{ k: number } & Record<string, string | number | null>>(
        database.db,
        sheet,
        (extra) => csvQuery(sheet, extra, BATCH),
      )) {
        yield rows.map((r) => csvLine(sheet.columns.map((_, j) => (r[`c${j}`] as string | null) ?? null))).join('');
      }
    }
  }
}

/** A sheet's `<row>` elements after its header: COPY's lines on PostgreSQL, batches on PGlite. */
async function* xlsxRows(database: Reader, sheet: Sheet): AsyncGenerator<Buffer | string> {
  const styles = sheet.columns.map((c) => (c.kind === 'money' ? STYLE.money : STYLE.plain));
  yield xlsxRow(
    1,
    sheet.columns.map((c) => c.header),
    sheet.columns.map(() => STYLE.header),
  );
  if ('rows' in sheet) {
    const rows = await sheet.rows();
    for (const [i, row] of rows.entries()) {
      yield xlsxRow(
        i + 2,
        row.map((cell, j) => (sheet.columns[j]!.kind === 'money' ? Number(cell) : cell)),
        styles,
      );
    }
  } else if (database.copyOut) {
    yield* database.copyOut(sql`select line from (${xlsxQuery(sheet, 2)}) x`, 'format text');
  } else {
    for await (const rows of batches<{ k: number; line: string }>(database.db, sheet, (extra, done) =>
      xlsxQuery(sheet, done + 2, extra, BATCH),
    )) {
      yield rows.map((r) => r.line).join('');
    }
  }
}

/** The sheets as a CSV or an XLSX file, streamed; a failure ends the stream with the error. */
export function exportFile(database: Reader, format: 'csv' | 'xlsx', sheets: Sheet[]): Readable {
  if (format === 'csv') return Readable.from(csvChunks(database, sheets), { objectMode: false });
  return xlsxStream(
    sheets.map((s) => ({ name: s.name, widths: s.columns.map((c) => c.width), rows: xlsxRows(database, s) })),
  );
}

/** Rows an XLSX sheet can hold under its header. */
export const XLSX_MAX_DATA_ROWS = XLSX_MAX_ROWS - 1;

/** Answer an export: the file as an attachment with its name, never kept by a cache. */
export function sendExport(reply: FastifyReply, name: string, format: 'csv' | 'xlsx', body: Readable) {
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', contentDispositionFor(name))
    .header('cache-control', 'no-store')
    .send(body);
}
