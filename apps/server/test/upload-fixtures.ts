import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/**
 * Real files made by real encoders (ImageMagick for JPEG and PNG, cwebp for WebP, Ghostscript for the PDF), a
 * few hundred bytes each, in test/fixtures/uploads/.
 */
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/uploads');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

export const JPEG = fixture('photo.jpg');
export const PNG = fixture('scan.png');
export const WEBP = fixture('id.webp');
export const PDF = fixture('licence.pdf');

/** All the bytes of a stream (what a download route would send). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
