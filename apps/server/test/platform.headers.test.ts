import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/* Issue 14, item 6: cookies and headers as they should be behind TLS, on assets, and in production. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>mchweb</title>');
fs.writeFileSync(path.join(dist, 'assets', 'entry-abc123.js'), 'export const x = 1;');
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: TestApp;
let prod: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { webDist: dist, trustProxy: ['127.0.0.1'] } });
  prod = await createTestApp({ seed: false, config: { webDist: dist, production: true, apiDocs: false } });
});
afterAll(async () => {
  await Promise.all([t.close(), prod.close()]);
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

describe('issue 14.6 cookies and headers', () => {
  it('XSRF-TOKEN is Secure when the request came over HTTPS (TRUST_PROXY reads X-Forwarded-Proto), not over HTTP', async () => {
    const https = await get(t, '/mchweb/login', { 'x-forwarded-proto': 'https' });
    expect(String(https.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[^;]+;.*Secure/);
    const http = await get(t, '/mchweb/login');
    expect(String(http.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=/);
    expect(String(http.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('HSTS only over HTTPS', async () => {
    expect(
      (await get(t, '/mchweb/login', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security'],
    ).toMatch(/max-age=\d+/);
    expect((await get(t, '/mchweb/login')).headers['strict-transport-security']).toBeUndefined();
    expect((await get(t, '/healthz')).headers['strict-transport-security']).toBeUndefined();
  });

  it('an immutable asset sets no cookie and carries no document policies; the page keeps them', async () => {
    const asset = await get(t, '/mchweb/assets/entry-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    expect(asset.headers['set-cookie']).toBeUndefined();
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const page = await get(t, '/mchweb/order');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.headers['x-frame-options']).toBeDefined();
  });

  it('a hashed asset goes without validators or byte ranges; a file under a fixed name keeps them and answers 304', async () => {
    const asset = await get(t, '/mchweb/assets/entry-abc123.js');
    expect(asset.body).toBe('export const x = 1;');
    for (const name of ['etag', 'last-modified', 'accept-ranges']) expect(asset.headers[name]).toBeUndefined();
    const icon = await get(t, '/mchweb/favicon.svg');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers.etag).toBeDefined();
    expect((await get(t, '/mchweb/favicon.svg', { 'if-none-match': String(icon.headers.etag) })).statusCode).toBe(304);
  });

  it('every answer carries the same security headers: an API call, a refusal before routing, a 404, a page', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';" +
        "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';connect-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const answers = [
      await get(t, '/api/merchant/user/getCurrentUser'),
      await t.app.inject({ method: 'POST', url: '/api/merchant/logout' }), // no XSRF: refused in onRequest
      await get(t, '/api/merchant/nowhere'),
      await get(t, '/mchweb/order'),
    ];
    for (const res of answers) {
      expect(res.headers).toMatchObject(expected);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('/api/docs is published outside production, and in production only with API_DOCS=true', async () => {
    expect((await get(t, '/api/docs/openapi.json')).statusCode).toBe(200);
    expect((await get(prod, '/api/docs/openapi.json')).statusCode).toBe(404);
    expect((await get(prod, '/api/docs')).statusCode).toBe(404);
  });
});
