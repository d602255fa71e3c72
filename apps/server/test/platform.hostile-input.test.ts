import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';

/*
 * Issue 14, item 8: input that once answered HTTP 500 (and wrote the user's text into the error log) answers a
 * clear refusal instead, and nothing the caller typed reaches an error-level log line.
 */
let t: TestApp;
let owner: TestClient;
const errorLines: string[] = [];
beforeAll(async () => {
  const stream = { write: (line: string) => void (JSON.parse(line).level >= 50 && errorLines.push(line)) };
  t = await createTestApp({ logger: { level: 'info', stream }, config: { webDist: webDistFixture() } });
  owner = await t.signIn('13800138000');
});
afterAll(async () => t.close());

/** A minimal built web app, so the static routes are registered. */
function webDistFixture() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>mchweb</title>');
  fs.writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}

function notServerError(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body.slice(0, 200)).toBeLessThan(500);
}
function envelopeRefusal(res: LightMyRequestResponse) {
  notServerError(res);
  const body = res.json();
  expect(body.code).not.toBe(200);
  expect(body.msg).toMatch(/\S/);
  return body.msg as string;
}

const SURROGATE = 'Shop \ud800x';
describe('issue 14.8 hostile input never answers 500', () => {
  it('a lone UTF-16 surrogate in a text field is refused naming the field, and its text is not logged', async () => {
    const calls = [
      owner.post('/api/merchant/role/save', { name: SURROGATE, permissions: [] }),
      owner.post('/api/merchant/feeManager/updateCompany', { companyName: SURROGATE, contactName: 'Wang' }),
      owner.post('/api/merchant/feeManager/addCompany', {
        companyName: SURROGATE,
        creditCode: '91330106MA2H3K4L5X',
        contactName: 'Wang',
        contactMobile: '13900000000',
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.http).toBe(200);
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toMatch(/^body\.(name|companyName): .*(surrogate|character)/i);
    }
    expect(errorLines.join('\n')).not.toContain('Shop');
  });

  it('GET /mchweb/%00, a bad escape and a 5 000-character path answer 4xx or the app, never 500', async () => {
    for (const url of [
      '/mchweb/%00',
      '/mchweb/a%00b',
      '/mchweb/%E0%A4%A',
      `/mchweb/${'a'.repeat(5000)}`,
      `/mchweb/assets/${'b'.repeat(5000)}.js`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      notServerError(res);
    }
    expect(errorLines).toEqual([]);
  });

  it('a static asset still answers, and a deep link still gets the app', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/mchweb/assets/app-abc123.js' })).statusCode).toBe(200);
    const deep = await t.app.inject({ method: 'GET', url: '/mchweb/order?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('<title>mchweb</title>');
  });

  it('NUL, 100 000-character strings, deep nesting and __proto__ are refused as bad input', async () => {
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 2000; i++) cursor = (cursor.a = {}) as Record<string, unknown>;
    const bodies: unknown[] = [
      { name: 'a\u0000b', permissions: [] },
      { name: 'x'.repeat(100_000), permissions: [] },
      deep,
      JSON.parse('{"__proto__": {"admin": true}, "name": "x", "permissions": []}'),
      { constructor: { prototype: { admin: true } }, name: 'x', permissions: [] },
    ];
    for (const body of bodies) envelopeRefusal((await owner.post('/api/merchant/role/save', body)).res);
    expect(errorLines).toEqual([]);
  });
});

describe('issue 25.4 malformed multipart on the upload routes', () => {
  const B = 'b0undary';
  const head = `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const upload = (url: string, type: string, payload: string) =>
    owner.raw({ method: 'POST', url, payload, headers: { 'content-type': type, token: owner.token!, ...xsrf() } });
  const xsrf = () => {
    const value = t.app.xsrfToken(owner.token);
    return { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': value };
  };

  it('no boundary, or a body cut off mid-part, is refused as a malformed body (400), on both upload routes', async () => {
    for (const url of ['/api/merchant/inco/upload', '/api/pay/inco/upload']) {
      for (const [type, body] of [
        ['multipart/form-data', `${head}\x89PNG\r\n--${B}--\r\n`],
        [`multipart/form-data; boundary=${B}`, `${head}\x89PNG`],
        [`multipart/form-data; boundary=${B}`, head.slice(0, 30)],
      ] as const) {
        const res = await upload(url, type, body);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          code: 400,
          msg: 'body: is not a complete multipart/form-data body (its boundary is missing or it was cut off)',
        });
      }
    }
    expect(errorLines).toEqual([]);
  });

  it('another content type on an upload route is told to send multipart, not JSON (415)', async () => {
    const res = await upload('/api/pay/inco/upload', 'text/plain', 'hello');
    expect(res.json()).toMatchObject({ code: 415, msg: 'body: wrong content type; send multipart/form-data' });
  });
});

describe('issue 14.8 what Node refuses before routing', () => {
  it('headers or a URL over 16 KB answer HTTP 431 with the envelope, not a bare status line', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const init of [
        {
          url: `${address}/api/merchant/user/getCurrentUser?q=${'x'.repeat(17_000)}`,
          headers: {} as Record<string, string>,
        },
        { url: `${address}/api/merchant/user/getCurrentUser`, headers: { 'x-big': 'y'.repeat(17_000) } },
      ]) {
        const res = await fetch(init.url, { headers: init.headers });
        expect(res.status).toBe(431);
        const body = await res.json();
        expect(body).toMatchObject({ status: 431, code: 431, data: null });
        expect(body.msg).toMatch(/16 KB/);
      }
    } finally {
      await t.app.server.close();
    }
  });
});
