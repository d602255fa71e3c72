import { describe, expect, it } from 'vitest';
import { ONBOARDING_UPLOAD_MAX_BYTES } from '@mchweb/contract';
import { contentDispositionFor, judgeFile } from '../src/modules/upload/index.ts';
import { JPEG as jpeg, PDF as pdf, PNG as png, WEBP as webp } from './upload-fixtures.ts';

describe('judging a file by its bytes', () => {
  it('knows JPEG, PNG, WebP and PDF by their first bytes', () => {
    expect(judgeFile(jpeg)).toEqual({ ok: true, type: 'image/jpeg' });
    expect(judgeFile(png)).toEqual({ ok: true, type: 'image/png' });
    expect(judgeFile(webp)).toEqual({ ok: true, type: 'image/webp' });
    expect(judgeFile(pdf)).toEqual({ ok: true, type: 'application/pdf' });
  });

  it('takes nothing else, whatever it looks like', () => {
    const others = [
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.from('PK\x03\x04 a zip or an office file', 'latin1'),
      Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'),
      Buffer.from('BM a bitmap'),
      Buffer.from([0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70]), // HEIC / MP4
      Buffer.concat([Buffer.from('  '), pdf]), // the magic must come first
    ];
    for (const bytes of others) expect(judgeFile(bytes)).toEqual({ ok: false, problem: 'wrongType' });
  });

  it('refuses an empty file, and a file over the limit before looking at it', () => {
    expect(judgeFile(Buffer.alloc(0))).toEqual({ ok: false, problem: 'empty' });
    const big = Buffer.concat([jpeg, Buffer.alloc(ONBOARDING_UPLOAD_MAX_BYTES + 1 - jpeg.length)]);
    expect(judgeFile(big)).toEqual({ ok: false, problem: 'tooLarge' });
    // Exactly the limit is fine (bytes after a JPEG's end marker are allowed; cameras append some).
    expect(judgeFile(big.subarray(0, ONBOARDING_UPLOAD_MAX_BYTES))).toEqual({ ok: true, type: 'image/jpeg' });
  });

  it('refuses a file of a known type that is cut short or damaged', () => {
    const broken = (bytes: Buffer) => judgeFile(bytes);
    for (const cut of [3, 4, 20, 100, 200, 280, jpeg.length - 2, jpeg.length - 1]) {
      expect(broken(jpeg.subarray(0, cut)), `jpeg cut at ${cut}`).toEqual({
        ok: false,
        problem: 'broken',
        type: 'image/jpeg',
      });
    }
    for (const cut of [8, 16, 30, 33, 60, png.length - 12, png.length - 1]) {
      expect(broken(png.subarray(0, cut)), `png cut at ${cut}`).toEqual({
        ok: false,
        problem: 'broken',
        type: 'image/png',
      });
    }
    for (const cut of [12, 16, 20, 40, webp.length - 1]) {
      expect(broken(webp.subarray(0, cut)), `webp cut at ${cut}`).toEqual({
        ok: false,
        problem: 'broken',
        type: 'image/webp',
      });
    }
    for (const cut of [5, 9, 1000, pdf.length - 7]) {
      expect(broken(pdf.subarray(0, cut)), `pdf cut at ${cut}`).toEqual({
        ok: false,
        problem: 'broken',
        type: 'application/pdf',
      });
    }
    // A PNG whose header claims a zero width, a WebP whose container says it is longer than it is.
    const zeroWidth = Buffer.from(png);
    zeroWidth.writeUInt32BE(0, 16);
    expect(judgeFile(zeroWidth)).toMatchObject({ ok: false, problem: 'broken' });
    const longWebp = Buffer.from(webp);
    longWebp.writeUInt32LE(webp.length * 2, 4);
    expect(judgeFile(longWebp)).toMatchObject({ ok: false, problem: 'broken' });
    // A PDF with a megabyte after its last %%EOF has lost its end as far as a reader is concerned.
    expect(judgeFile(Buffer.concat([pdf, Buffer.alloc(1_000_000, 0x20)]))).toMatchObject({ problem: 'broken' });
    expect(judgeFile(Buffer.concat([pdf, Buffer.from('\r\n\r\n')]))).toEqual({ ok: true, type: 'application/pdf' });
  });
});

describe('Content-Disposition for downloads', () => {
  it('sends the real name as UTF-8 and a plain ASCII one for old clients', () => {
    expect(contentDispositionFor('营业执照 2026.jpg')).toBe(
      `attachment; filename="____ 2026.jpg"; filename*=UTF-8''%E8%90%A5%E4%B8%9A%E6%89%A7%E7%85%A7%202026.jpg`,
    );
    expect(contentDispositionFor('Café licence.pdf', true)).toBe(
      `inline; filename="Cafe licence.pdf"; filename*=UTF-8''Caf%C3%A9%20licence.pdf`,
    );
  });

  it('lets nothing in a name end the quoted string or the header', () => {
    const hostile = 'a"b\\c%d\r\nSet-Cookie: x=1;\u0000\u202egpj.exe (1)*\'/..\\x.png';
    const header = contentDispositionFor(hostile);
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!#$&+\-.^_`|~]+$/);
    const quoted = /filename="([^"]*)"/.exec(header)![1]!;
    expect(quoted).not.toMatch(/["\\%/\r\n\0]/);
    expect(header).not.toMatch(/[\r\n\0\u202e]/);
    // Half a surrogate pair neither throws nor slips through.
    expect(contentDispositionFor('\ud800.pdf')).toBe(`attachment; filename="_.pdf"; filename*=UTF-8''%EF%BF%BD.pdf`);
    expect(contentDispositionFor('')).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
  });
});
