import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellWithZone } from '../src/plugins/web.ts';
import { createTestApp, type TestApp } from './harness.ts';

/*
 * Issue 14, item 9: nothing large goes uncompressed. Static files are sent as the brotli or gzip copy the build
 * wrote beside them (apps/web/precompress.ts); dynamic answers over 1 KB are compressed on the fly.
 */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-dist-'));
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
const html = `<!doctype html><html><head><title>mchweb</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;
fs.mkdirSync(path.join(dist, 'assets'));
for (const [file, text] of [
  ['assets/entry-abc123.js', script],
  ['index.html', html],
] as const) {
  const full = path.join(dist, file);
  fs.writeFileSync(full, text);
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(text));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { webDist: dist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('issue 14.9 compression', () => {
  it('a hashed asset is sent as its brotli copy, else gzip, else as is; immutable, varying on Accept-Encoding', async () => {
    const br = await get('/mchweb/assets/entry-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 3);

    const gz = await get('/mchweb/assets/entry-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/mchweb/assets/entry-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('the app shell (index.html, also for deep links) is sent compressed and never cached', async () => {
    for (const url of ['/mchweb/', '/mchweb/order?from=2026-11-01']) {
      const res = await get(url, 'br');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      // The build's shell with the business zone written in (plugins/web.ts), so compressed on the way out.
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(shellWithZone(html, 'Asia/Shanghai'));
    }
  });

  it('a JSON answer over 1 KB is compressed when the browser accepts it; a small one is not', async () => {
    const owner = await t.signIn('13800138000');
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/merchant/role/catalogue',
      headers: { token: owner.token!, 'accept-encoding': 'gzip' },
    });
    expect(big.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(zlib.gunzipSync(big.rawPayload).toString());
    expect(body.code).toBe(200);
    expect(JSON.stringify(body).length).toBeGreaterThan(1024);

    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
