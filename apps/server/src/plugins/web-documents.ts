import crypto from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A document of the build as it is sent: the shell with the zone of the business days in it, the hashes of its
 * inline scripts for the policy, and, once they are ready, its bytes compressed at the highest quality.
 */
export interface WebDocument {
  html: string;
  scriptHashes: string[];
  br: Buffer | null;
  gzip: Buffer | null;
}

/**
 * The hashes (`'sha256-…'`) of a document's bare inline `<script>`s: each one's whole text up to `</script>`, as the
 * browser hashes it (a `<` inside, a comparison, is part of it).
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${crypto.createHash('sha256').update(code!).digest('base64')}'`,
  );
}

/**
 * The documents a visitor's first request answers (the prerendered pages are 80 to 220 KB before compression)
 * prepared once per build instead of at every request: compressing /case's 87 KB at each request cost 1.4 ms of
 * brotli quality 4 for 15.8 KB (dynamic answers are now compressed at quality 1, larger still), where quality 11
 * gives 12.8 KB once (plugins/compression.ts compresses the rest). Quality 11 takes about half a second, so it runs
 * on libuv's threads after the first request of a build, which is compressed as any dynamic answer meanwhile. A
 * document is prepared again when its file changes (a build made while the server runs).
 */
export function webDocuments(withZone: (html: string) => string) {
  const prepared = new Map<string, { stamp: string; document: Promise<WebDocument> }>();
  const prepare = async (file: string): Promise<WebDocument> => {
    const html = withZone(await fs.promises.readFile(file, 'utf8'));
    const document: WebDocument = { html, scriptHashes: inlineScriptHashes(html), br: null, gzip: null };
    const bytes = Buffer.from(html);
    Promise.all([
      brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]).then(
      ([br, gz]) => Object.assign(document, { br, gzip: gz }),
      () => {}, // not compressed ahead: sent as any dynamic answer
    );
    return document;
  };
  return async (file: string): Promise<WebDocument> => {
    const stat = await fs.promises.stat(file);
    const stamp = `${stat.mtimeMs}:${stat.size}`;
    let entry = prepared.get(file);
    if (entry?.stamp !== stamp) {
      entry = { stamp, document: prepare(file) };
      prepared.set(file, entry);
      entry.document.catch(() => prepared.delete(file)); // read again next time
    }
    return entry.document;
  };
}

/** The encoding of ours the request accepts, brotli first (a `q=0` refuses one). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
