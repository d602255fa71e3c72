import { pipeline, Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';

/**
 * The parts of an XLSX workbook (a zip of XML files) around its sheets' rows, and the zip itself, written as the
 * rows arrive: each part is deflated by zlib in its thread pool, so a million rows cost the event loop little and
 * memory stays at a chunk or two. No ZIP64: a sheet holds at most Excel's 1 048 576 rows, far below 4 GB of XML.
 */
export interface XlsxSheet {
  name: string;
  /** Column widths in characters. */
  widths: number[];
  /** `<row>` elements, in order: the header row first (see `xlsxRow`). */
  rows: AsyncIterable<Buffer | string>;
}

/** Excel's limit: rows of a sheet, the header included. */
export const XLSX_MAX_ROWS = 1_048_576;

/** Cell styles of styles.xml: 0 plain, 1 money (built-in format 2, "0.00"), 2 bold (headers). */
export const STYLE = { plain: 0, money: 1, header: 2 } as const;

/** Characters XML 1.0 cannot carry (control characters but tab and line breaks; U+FFFE, U+FFFF): dropped. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export const xmlText = (text: string) =>
  text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A column's letters: 0 → A, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One row written in JavaScript (headers, a summary): strings as inline strings, numbers as numbers. */
export function xlsxRow(rowNumber: number, cells: (string | number)[], styles: number[] = []): string {
  const xml = cells.map((cell, i) => {
    const r = `${columnName(i)}${rowNumber}`;
    const s = styles[i] ? ` s="${styles[i]}"` : '';
    return typeof cell === 'number'
      ? `<c r="${r}"${s}><v>${cell}</v></c>`
      : `<c r="${r}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlText(cell)}</t></is></c>`;
  });
  return `<row r="${rowNumber}">${xml.join('')}</row>`;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const STYLES_XML = `${XML_HEAD}<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

function workbookParts(sheets: XlsxSheet[]): { name: string; body: string }[] {
  const overrides = sheets
    .map(
      (_, i) =>
        `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
    )
    .join('');
  return [
    {
      name: '[Content_Types].xml',
      body: `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${overrides}</Types>`,
    },
    {
      name: '_rels/.rels',
      body: `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      body: `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${sheets
        .map((s, i) => `<sheet name="${xmlText(s.name.slice(0, 31))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      body: `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map(
          (_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join(
          '',
        )}<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    },
    { name: 'xl/styles.xml', body: STYLES_XML },
  ];
}

/** A sheet's XML: the header row frozen at the top, the columns' widths, then the rows as they come. */
async function* sheetXml(sheet: XlsxSheet): AsyncGenerator<Buffer | string> {
  const cols = sheet.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
  yield `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`;
  yield* sheet.rows;
  yield '</sheetData></worksheet>';
}

/** The workbook as a stream of zip bytes. */
export function xlsxStream(sheets: XlsxSheet[]): Readable {
  const entries = [
    ...workbookParts(sheets).map((p) => ({ name: p.name, content: [p.body] as Iterable<string> })),
    ...sheets.map((s, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, content: sheetXml(s) })),
  ];
  return Readable.from(zipChunks(entries), { objectMode: false });
}

interface ZipEntry {
  name: string;
  content: Iterable<Buffer | string> | AsyncIterable<Buffer | string>;
}

/** DOS time and date of now (zip's own format), the same for every entry. */
function dosDateTime(at = new Date()) {
  const time = (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2);
  const date = ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate();
  return { time, date };
}

/**
 * A zip written front to back: each entry's header, its deflated bytes, then a data descriptor with the CRC and
 * sizes (known only at the end); the central directory last.
 */
async function* zipChunks(entries: ZipEntry[]): AsyncGenerator<Buffer> {
  const { time, date } = dosDateTime();
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    header.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt16LE(name.length, 26);
    const local = Buffer.concat([header, name]);
    yield local;
    const sizes = { crc: 0, raw: 0, compressed: 0 };
    for await (const chunk of deflated(entry.content, sizes)) {
      sizes.compressed += chunk.length;
      yield chunk;
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(sizes.crc, 4);
    descriptor.writeUInt32LE(sizes.compressed, 8);
    descriptor.writeUInt32LE(sizes.raw, 12);
    yield descriptor;
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0808, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt16LE(time, 12);
    dir.writeUInt16LE(date, 14);
    dir.writeUInt32LE(sizes.crc, 16);
    dir.writeUInt32LE(sizes.compressed, 20);
    dir.writeUInt32LE(sizes.raw, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, name);
    offset += local.length + sizes.compressed + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}

/**
 * The content deflated (level 1: XML of rows compresses about ten to one even so, and the export is bound by
 * speed), counting its CRC and raw size on the way. Ending early (the download closed) destroys the whole chain,
 * the source included, so a database copy feeding it stops too.
 */
function deflated(
  content: Iterable<Buffer | string> | AsyncIterable<Buffer | string>,
  sizes: { crc: number; raw: number },
): AsyncIterable<Buffer> {
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      sizes.crc = zlib.crc32(chunk, sizes.crc);
      sizes.raw += chunk.length;
      done(null, chunk);
    },
  });
  return pipeline(
    Readable.from(content, { objectMode: false }),
    counting,
    zlib.createDeflateRaw({ level: 1 }),
    () => {},
  );
}
