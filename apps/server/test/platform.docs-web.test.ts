import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { shellWithZone } from '../src/plugins/web.ts';
import { createTestApp, type TestApp } from './harness.ts';

// A stand-in for apps/web/dist: the shell and one hashed asset.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>mchweb shell</title>');
fs.writeFileSync(path.join(webDist, 'pay.html'), '<!doctype html><html><head><title>payer entry</title></head></html>');
fs.writeFileSync(path.join(webDist, 'ops.html'), '<!doctype html><html><head><title>ops entry</title></head></html>');
fs.writeFileSync(path.join(webDist, 'assets/x-abc123.js'), 'console.log("x")');
fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, config: { webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});
const get = (url: string) => t.client().raw({ method: 'GET', url });

describe('OpenAPI', () => {
  it('/api/docs/openapi.json is OpenAPI 3 and lists the auth routes with their schemas', async () => {
    const res = await get('/api/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [method, route] of [
      ['post', '/api/merchant/sms/send'],
      ['post', '/api/merchant/register'],
      ['post', '/api/merchant/login'],
      ['post', '/api/merchant/logout'],
      ['post', '/api/merchant/user/changePassword'],
      ['get', '/api/merchant/user/getCurrentUser'],
    ] as const) {
      expect(doc.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    }
    const login = doc.paths['/api/merchant/login'].post;
    const body = login.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['account', 'password']);
    expect(body.additionalProperties).toBe(false);
    const answer = login.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties)).toEqual(['status', 'code', 'msg', 'message', 'data']);
    expect(Object.keys(answer.properties.data.properties)).toEqual(['token', 'mchInfo']);
    const register = doc.paths['/api/merchant/register'].post.requestBody.content['application/json'].schema;
    expect(register.properties.password.minLength).toBe(8);
    expect(register.properties.mobile.pattern).toBe('^1[3-9]\\d{9}$');
    // Platform routes are not API operations.
    expect(doc.paths['/healthz']).toBeUndefined();
  });

  it('/api/docs answers a browsable HTML page', async () => {
    let res = await get('/api/docs');
    if (res.statusCode >= 300 && res.statusCode < 400) res = await get(String(res.headers.location));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });
});

describe('the web app under /mchweb/', () => {
  it('hashed assets are cached for a year, immutable', async () => {
    const res = await get('/mchweb/assets/x-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("x")');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html and other files are no-cache', async () => {
    for (const url of ['/mchweb/', '/mchweb', '/mchweb/index.html']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('mchweb shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/mchweb/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('any deep link answers index.html, so reloads work', async () => {
    for (const url of ['/mchweb/deep/link', '/mchweb/order?status=SUCCESS', '/mchweb/staff-manage/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('mchweb shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("the payer's page is its own entry: /mchweb/pay/* answers pay.html with the zone of the business days", async () => {
    for (const url of ['/mchweb/pay/880000000001', '/mchweb/pay/880000000001?order=P12345678901234567890']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('payer entry');
      expect(res.body).not.toContain('mchweb shell');
      expect(res.body).toContain('<meta name="mchweb-time-zone" content="Asia/Shanghai" />');
    }
    expect((await get('/mchweb/payments')).body).toContain('mchweb shell');
  });

  it('the operator console is its own entry: /ops/ and every /ops/* path answer ops.html with the zone', async () => {
    for (const url of ['/ops', '/ops/', '/ops/onboarding', '/ops/onboarding/A20260101000000000001?tab=docs']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('ops entry');
      expect(res.body).not.toContain('mchweb shell');
      expect(res.body).toContain('<meta name="mchweb-time-zone" content="Asia/Shanghai" />');
    }
    // The merchant app's deep links never answer the console.
    expect((await get('/mchweb/ops')).body).toContain('mchweb shell');
  });

  it('a missing hashed asset is a real 404, not the shell; paths cannot leave the build', async () => {
    const res = await get('/mchweb/assets/nope.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('mchweb shell');
    const escape = await get('/mchweb/..%2f..%2f..%2fetc%2fpasswd');
    expect(escape.body).not.toContain('root:');
  });

  it('/ redirects to /mchweb/', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/mchweb/');
  });
});

describe('the zone of the business days, told to the pages', () => {
  it('the shell names MCHWEB_TZ in a meta tag, for the app and every deep link', async () => {
    for (const url of ['/mchweb/', '/mchweb/order?status=SUCCESS']) {
      const res = await get(url);
      expect(res.body).toContain('<meta name="mchweb-time-zone" content="Asia/Shanghai" />');
      expect(res.body).toContain('mchweb shell');
    }
    expect(shellWithZone('<html><head><title>x</title></head></html>', 'America/New_York')).toBe(
      '<html><head><title>x</title><meta name="mchweb-time-zone" content="America/New_York" /></head></html>',
    );
  });

  it('MCHWEB_TZ takes an IANA zone and stops the start on anything else', () => {
    expect(loadConfig({}).timezone).toBe('Asia/Shanghai');
    expect(loadConfig({ MCHWEB_TZ: 'America/New_York' }).timezone).toBe('America/New_York');
    for (const wrong of ['Asia/Shangai', 'GMT+8 "><script>', 'China']) {
      expect(() => loadConfig({ MCHWEB_TZ: wrong })).toThrow(/MCHWEB_TZ must be an IANA time zone/);
    }
  });
});

describe('prerendered pages (issue 26)', () => {
  // As the web build writes them (apps/web/prerender.ts): documents of their own, and the paths each answers.
  const dir = path.join(webDist, 'prerendered');
  const firstPaint = 'document.documentElement.classList.add("prerender-stale")';
  const page = (title: string, markup: string) =>
    `<!doctype html><html><head><title>${title}</title><script>${firstPaint}</script></head>` +
    `<body><div id="root">${markup}</div></body></html>`;
  beforeAll(() => {
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'login.html'), page('登录 · 商户平台', 'sign-in markup'));
    fs.writeFileSync(path.join(dir, 'home.html'), page('首页 · 商户平台', 'home markup'));
    fs.writeFileSync(
      path.join(dir, 'paths.json'),
      JSON.stringify({
        '/login': 'login.html',
        '/home': 'home.html',
        '/order': 'login.html',
        '/evil': '../index.html',
      }),
    );
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("a prerendered path answers its document, and a page behind the sign-in /login's; nothing else changes", async () => {
    const answers: Record<string, string> = {
      '/mchweb/login': 'sign-in markup',
      '/mchweb/login?redirect=%2Forder': 'sign-in markup',
      '/mchweb/order?status=SUCCESS': 'sign-in markup',
      '/mchweb/home': 'home markup',
      '/mchweb/merchant': 'mchweb shell',
      '/mchweb/login/': 'mchweb shell',
      '/mchweb/evil': 'mchweb shell',
      '/mchweb/__proto__': 'mchweb shell',
      '/mchweb/': 'mchweb shell',
    };
    for (const [url, body] of Object.entries(answers)) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(body);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<meta name="mchweb-time-zone" content="Asia/Shanghai" />');
    }
    expect((await get('/mchweb/pay/880000000001')).body).toContain('payer entry');
  });

  it('a document is compressed once at the highest quality, in the encoding the browser takes; a new build is sent new', async () => {
    // Big enough that brotli's highest quality differs from the quality of dynamic answers.
    const markup = Array.from({ length: 400 }, (_, i) => `<div class="row r${i % 7}">订单 ${i * 7919}</div>`).join('');
    fs.writeFileSync(path.join(dir, 'home.html'), page('首页 · 商户平台', markup));
    const fetch = (encoding: string) =>
      t.client().raw({ method: 'GET', url: '/mchweb/home', headers: { 'accept-encoding': encoding } });
    const plain = (await fetch('identity')).body;
    expect(plain).toContain('订单 7919');
    const best = zlib.brotliCompressSync(Buffer.from(plain), {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
    });
    // The first request of a build is compressed as any dynamic answer while the best is made beside it.
    let res = await fetch('gzip, deflate, br');
    for (let i = 0; i < 100 && res.rawPayload.length !== best.length; i++) {
      await new Promise((r) => setTimeout(r, 50));
      res = await fetch('gzip, deflate, br');
    }
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.rawPayload.length).toBe(best.length);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain);
    const gzipped = await fetch('gzip;q=1, br;q=0');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(plain);
    expect((await fetch('identity')).headers['content-encoding']).toBeUndefined();
    // A build made while the server runs: its document is answered from then on.
    fs.writeFileSync(path.join(dir, 'home.html'), page('首页 · 商户平台', 'the new build'));
    const rebuilt = await fetch('br');
    const body =
      rebuilt.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(rebuilt.rawPayload) : rebuilt.rawPayload;
    expect(body.toString()).toContain('the new build');
  });

  it('the first-paint script runs under the policy by its hash; no other inline script is allowed', async () => {
    const hash = crypto.createHash('sha256').update(firstPaint).digest('base64');
    const prerendered = (await get('/mchweb/login')).headers['content-security-policy'];
    expect(prerendered?.toString().split(';')).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(prerendered).toContain("script-src-attr 'none'");
    const shell = (await get('/mchweb/merchant')).headers['content-security-policy'];
    expect(shell?.toString().split(';')).toContain("script-src 'self'");
    expect(shell).not.toContain('sha256');
  });
});
