import fs from 'node:fs';
import QRCode from 'qrcode';

// The printable sheet of a batch (A4 PDF made with pdfkit: a grid of QR codes, each with its number and the
// organisation's name) and one code as a PNG. The QR codes are drawn as vector squares, so they print sharp
// at any size and a sheet of 1000 codes stays about 1 MB.

/** A font file, and for a collection (.ttc) the PostScript name of the face to use. */
export interface SheetFont {
  src: string;
  family?: string;
}

/**
 * Fonts with Chinese glyphs where operating systems put them, tried in order after MCHWEB_PDF_FONT. Debian and
 * Ubuntu's `fonts-noto-cjk` (installed with Chromium in CI) is the first.
 */
const CJK_FONTS: SheetFont[] = [
  { src: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { src: '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { src: '/usr/share/fonts/google-noto-sans-cjk-fonts/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { src: '/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc', family: 'NotoSansCJKsc-Regular' },
  { src: '/usr/share/fonts/opentype/noto/NotoSansSC-Regular.otf' },
  { src: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', family: 'WenQuanYiMicroHei' },
  { src: '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf' },
  { src: '/System/Library/Fonts/PingFang.ttc', family: 'PingFangSC-Regular' },
  { src: 'C:\\Windows\\Fonts\\msyh.ttc', family: 'MicrosoftYaHei' },
];

/** `/path/font.ttc#FaceName` or `/path/font.otf`, as MCHWEB_PDF_FONT gives it. */
export function parseFontSetting(setting: string): SheetFont {
  const hash = setting.lastIndexOf('#');
  return hash > 0 ? { src: setting.slice(0, hash), family: setting.slice(hash + 1) } : { src: setting };
}

/** pdfkit, loaded on the first sheet: about 70 ms of a start's main thread otherwise, for a page printed rarely. */
const pdfkit = async () => (await import('pdfkit')).default;

/** Can pdfkit load this font, and does it draw 中? (fontkit's `hasGlyphForCodePoint`, when pdfkit exposes it.) */
async function drawsChinese(font: SheetFont): Promise<boolean> {
  if (!fs.existsSync(font.src)) return false;
  const PDFDocument = await pdfkit();
  try {
    const doc = new PDFDocument({ autoFirstPage: false });
    if (font.family) doc.font(font.src, font.family);
    else doc.font(font.src);
    const loaded = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint?: (c: number) => boolean } } })._font;
    return loaded?.font?.hasGlyphForCodePoint?.(0x4e2d) ?? true;
  } catch {
    return false;
  }
}

const found = new Map<string, SheetFont | null>();
/** The first usable font with Chinese glyphs (the configured one first), or null; looked up once per setting. */
export async function sheetFont(configured: string | null): Promise<SheetFont | null> {
  const key = configured ?? '';
  if (!found.has(key)) {
    const candidates = configured ? [parseFontSetting(configured), ...CJK_FONTS] : CJK_FONTS;
    let usable: SheetFont | null = null;
    for (const font of candidates) if (!usable && (await drawsChinese(font))) usable = font;
    found.set(key, usable);
  }
  return found.get(key)!;
}

/** Without a Chinese font: what Helvetica can draw of a name (Latin-1), or nothing. */
const latinPart = (name: string) =>
  name
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** `512345678901` -> `5123 4567 8901`, easy to read out and to type. */
export const spacedCodeNo = (codeNo: string) => codeNo.replace(/(\d{4})(?=\d)/g, '$1 ');

export interface SheetInput {
  companyName: string;
  batchNo: string;
  /** Code numbers in the order to print them. */
  codes: string[];
  /** The cashier address of a code: what its QR code holds. */
  urlOf: (codeNo: string) => string;
  font: SheetFont | null;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28;
const HEADER = 26;
const COLUMNS = 3;
const ROWS = 4;
export const CODES_PER_PAGE = COLUMNS * ROWS;
const QR_SIZE = 118;
/** Space above the QR code inside its cell: with the cell's sides, a quiet zone of about 4 modules once cut out. */
const QR_TOP = 16;

/** A QR code as filled squares, one rectangle per run of dark modules in a row. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const module = size / n;
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!qr.modules.get(row, col)) {
        col++;
        continue;
      }
      let end = col;
      while (end < n && qr.modules.get(row, end)) end++;
      // A hair wider than the module, so no white seam shows between runs when printed.
      doc.rect(x + col * module, y + row * module, (end - col) * module + 0.05, module + 0.05);
      col = end;
    }
  }
  doc.fillColor('#000000').fill();
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The batch as an A4 PDF: 12 codes a page (3 x 4) in cells with dashed cutting lines, each with its QR code, its
 * number spaced in fours, "scan to pay" and the organisation's name; a header with the name, batch and page. The
 * event loop gets a turn between pages, so a batch of 1000 codes (84 pages) does not hold up other requests.
 */
export async function sheetPdf(input: SheetInput): Promise<Buffer> {
  const PDFDocument = await pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${input.companyName} ${input.batchNo}`, Author: input.companyName, Creator: 'mchweb' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  if (input.font) doc.registerFont('cjk', input.font.src, input.font.family);
  const nameFont = input.font ? 'cjk' : 'Helvetica';
  const name = input.font ? input.companyName : latinPart(input.companyName);
  const scan = input.font ? '扫码付款 · Scan to pay' : 'Scan to pay';
  const pages = Math.max(1, Math.ceil(input.codes.length / CODES_PER_PAGE));
  const cellW = (A4.width - 2 * MARGIN) / COLUMNS;
  const cellH = (A4.height - 2 * MARGIN - HEADER) / ROWS;

  for (let p = 0; p < pages; p++) {
    doc.addPage();
    doc.fillColor('#333333').font(nameFont).fontSize(10);
    doc.text(name, MARGIN, MARGIN, { width: A4.width / 2 - MARGIN, height: 14, ellipsis: true, lineBreak: false });
    doc.font('Helvetica').fontSize(9);
    doc.text(`${input.batchNo}  ·  ${p + 1} / ${pages}`, A4.width / 2, MARGIN + 1, {
      width: A4.width / 2 - MARGIN,
      align: 'right',
    });
    const codes = input.codes.slice(p * CODES_PER_PAGE, (p + 1) * CODES_PER_PAGE);
    codes.forEach((codeNo, i) => {
      const x = MARGIN + (i % COLUMNS) * cellW;
      const y = MARGIN + HEADER + Math.floor(i / COLUMNS) * cellH;
      doc
        .save()
        .lineWidth(0.5)
        .dash(3, { space: 3 })
        .strokeColor('#b0b0b0')
        .rect(x, y, cellW, cellH)
        .stroke()
        .restore();
      drawQr(doc, input.urlOf(codeNo), x + (cellW - QR_SIZE) / 2, y + QR_TOP, QR_SIZE);
      const below = y + QR_TOP + QR_SIZE + 4;
      doc.fillColor('#000000').font('Helvetica-Bold').fontSize(12);
      doc.text(spacedCodeNo(codeNo), x, below, { width: cellW, align: 'center', lineBreak: false });
      doc.fillColor('#333333').font(nameFont).fontSize(8);
      doc.text(scan, x, below + 16, { width: cellW, align: 'center', lineBreak: false });
      doc.text(name, x + 8, below + 28, { width: cellW - 16, height: 20, align: 'center', ellipsis: true });
    });
    await nextTick();
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** One code's QR as a PNG, 512 px with the standard quiet zone of 4 modules. */
export const codePng = (url: string): Promise<Buffer> =>
  QRCode.toBuffer(url, { type: 'png', width: 512, margin: 4, errorCorrectionLevel: 'M' });
