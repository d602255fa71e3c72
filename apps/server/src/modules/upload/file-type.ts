import { ONBOARDING_UPLOAD_MAX_BYTES, type ONBOARDING_UPLOAD_TYPES } from '@mchweb/contract';

export type UploadType = (typeof ONBOARDING_UPLOAD_TYPES)[number];

export type Judgement =
  | { ok: true; type: UploadType }
  | { ok: false; problem: 'empty' | 'tooLarge' | 'wrongType' }
  /** The first bytes name a type we take, but the file does not hold together (cut short, damaged). */
  | { ok: false; problem: 'broken'; type: UploadType };

/** The extensions a name of each type may end with (anything else gets the first one appended). */
export const EXTENSIONS: Record<UploadType, readonly string[]> = {
  'image/jpeg': ['.jpg', '.jpeg', '.jpe', '.jfif'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_EOI = Buffer.from([0xff, 0xd9]);
const PDF_EOF = Buffer.from('%%EOF', 'latin1');
/** A PDF reader looks for the end-of-file marker within the last 1024 bytes (trailing newlines, padding). */
const PDF_EOF_WINDOW = 1024;

const ascii = (b: Buffer, from: number, to: number) => b.toString('latin1', from, to);

/**
 * What a file is, judged from its bytes alone (never its name or the type its sender declared): JPEG, PNG, WebP
 * or PDF by their magic numbers, and then whether the file holds together far enough for a viewer to show it.
 * Pure: no I/O.
 */
export function judgeFile(bytes: Buffer): Judgement {
  if (bytes.length === 0) return { ok: false, problem: 'empty' };
  if (bytes.length > ONBOARDING_UPLOAD_MAX_BYTES) return { ok: false, problem: 'tooLarge' };
  const type = magicType(bytes);
  if (!type) return { ok: false, problem: 'wrongType' };
  return COMPLETE[type](bytes) ? { ok: true, type } : { ok: false, problem: 'broken', type };
}

function magicType(b: Buffer): UploadType | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'image/webp';
  if (b.length >= 5 && ascii(b, 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

const COMPLETE: Record<UploadType, (b: Buffer) => boolean> = {
  'image/jpeg': jpegComplete,
  'image/png': pngComplete,
  'image/webp': webpComplete,
  'application/pdf': pdfComplete,
};

/** Start-of-frame markers (C4 DHT, C8 JPG and CC DAC are not frames). */
const isFrameMarker = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * JPEG: the marker segments after SOI are whole, one of them is a frame header with a width, a scan starts, and
 * an EOI marker follows it (FF D9 cannot occur inside the scan's data, where FF is followed by 00).
 */
function jpegComplete(b: Buffer): boolean {
  let i = 2;
  let frame = false;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return false;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9) return false; // EOI before any scan
    const length = b.readUInt16BE(i + 2);
    const end = i + 2 + length;
    if (length < 2 || end > b.length) return false;
    if (isFrameMarker(marker)) {
      if (length < 8 || b.readUInt16BE(i + 7) === 0) return false; // no room for the size, or no width
      frame = true;
    }
    if (marker === 0xda) return frame && b.indexOf(JPEG_EOI, end) !== -1;
    i = end;
  }
  return false;
}

/** PNG: chunk by chunk from IHDR (with a width and height) through IDAT to IEND, every chunk whole. */
function pngComplete(b: Buffer): boolean {
  let i = 8;
  let data = false;
  while (i + 12 <= b.length) {
    const length = b.readUInt32BE(i);
    const type = ascii(b, i + 4, i + 8);
    const next = i + 12 + length;
    if (length > 0x7fffffff || next > b.length) return false;
    if (i === 8 && (type !== 'IHDR' || length !== 13 || b.readUInt32BE(16) === 0 || b.readUInt32BE(20) === 0)) {
      return false;
    }
    if (type === 'IDAT') data = true;
    if (type === 'IEND') return data;
    i = next;
  }
  return false;
}

/** WebP: the RIFF container is as long as it says, and its first chunk is an image (VP8, VP8L, VP8X) that fits. */
function webpComplete(b: Buffer): boolean {
  if (b.length < 20) return false;
  const riffEnd = 8 + b.readUInt32LE(4);
  if (riffEnd > b.length || riffEnd < 20) return false;
  const chunk = ascii(b, 12, 16);
  if (chunk !== 'VP8 ' && chunk !== 'VP8L' && chunk !== 'VP8X') return false;
  return 20 + b.readUInt32LE(16) <= riffEnd;
}

/** PDF: `%PDF-1.x` and the `%%EOF` marker near the end (a file cut short has lost its trailer). */
function pdfComplete(b: Buffer): boolean {
  if (!/^%PDF-\d\.\d/.test(ascii(b, 0, 8))) return false;
  const eof = b.lastIndexOf(PDF_EOF);
  return eof > 8 && eof >= b.length - PDF_EOF_WINDOW;
}
