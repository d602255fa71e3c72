import fs from 'node:fs';
import path from 'node:path';
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
