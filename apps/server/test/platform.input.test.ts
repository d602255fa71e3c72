import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = (await t.signIn('13800138000')).token!;
  xsrf = t.app.xsrfToken(owner);
});
afterAll(async () => t.close());

/** A valid XSRF value, set once the app is built. */
let xsrf = '';
let calls = 0;
/** A raw POST with a valid XSRF pair and the owner's token, so only the body is wrong. */
const postRaw = (
  url: string,
  payload: string | undefined,
  contentType = payload === undefined ? undefined : 'application/json',
) =>
  t.client().raw({
    method: 'POST',
    url,
    payload,
    // Each call from its own address: the strict per-address limits of sign-in and SMS stay out of the way.
    remoteAddress: `10.5.${Math.floor(++calls / 250)}.${calls % 250}`,
    headers: {
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      token: owner,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
  });

/** The envelope of a refusal: HTTP 200 (or the given status), never a stack trace. */
function refusal(res: LightMyRequestResponse, code: number, http = 200) {
  expect(res.statusCode).toBe(http);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message', 'msg', 'status']);
  expect(body).toMatchObject({ status: http, code, data: null });
  expect(body.message).toBe(body.msg);
  expect(res.body).not.toMatch(/ at \S+ \(|node_modules|\.ts:\d+/);
  return body.msg as string;
}

const ROUTES = ['/api/merchant/login', '/api/merchant/sms/send', '/api/merchant/user/changePassword'];

describe('S3.5 bad input gets the envelope with a msg naming the field and the problem', () => {
  it.each(ROUTES)('malformed JSON on %s -> code 400', async (url) => {
    expect(refusal(await postRaw(url, '{"account": "x",', 'application/json'), 400)).toBe('body: is not valid JSON');
  });

  it.each(ROUTES)('empty body with a JSON content type on %s -> code 400', async (url) => {
    expect(refusal(await postRaw(url, '', 'application/json'), 400)).toBe('body: is empty; send a JSON object');
  });

  it.each(ROUTES)('no body at all on %s -> code 400', async (url) => {
    expect(refusal(await postRaw(url, undefined), 400)).toBe('body: is required (send a JSON object)');
  });

  it.each(ROUTES)('a JSON array or string instead of an object on %s -> code 400', async (url) => {
    expect(refusal(await postRaw(url, '[1,2]', 'application/json'), 400)).toBe('body: expected object, received array');
    expect(refusal(await postRaw(url, '"hi"', 'application/json'), 400)).toBe('body: expected object, received string');
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'account=a&password=b'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
  ])('content type %s -> code 415', async (type, payload) => {
    for (const url of ROUTES) {
      expect(refusal(await postRaw(url, payload, type), 415)).toBe('body: wrong content type; send application/json');
    }
  });

  it('wrong types name the field and the expected type', async () => {
    const login = await postRaw('/api/merchant/login', JSON.stringify({ account: 13800138000, password: true }));
    expect(refusal(login, 400)).toBe(
      'body.account: expected string, received number; body.password: expected string, received boolean',
    );
    const sms = await postRaw('/api/merchant/sms/send', JSON.stringify({ mobile: ['1'], scene: 'party' }));
    expect(refusal(sms, 400)).toBe(
      'body.mobile: expected string, received array; body.scene: must be one of "register", "bindMobile", "resetPassword"',
    );
  });

  it('missing fields are named as required', async () => {
    expect(refusal(await postRaw('/api/merchant/login', JSON.stringify({ account: 'demo' })), 400)).toBe(
      'body.password: is required',
    );
    expect(refusal(await postRaw('/api/merchant/sms/send', '{}'), 400)).toBe(
      'body.mobile: is required; body.scene: is required',
    );
    expect(refusal(await postRaw('/api/merchant/user/changePassword', JSON.stringify({ oldPassword: 'a' })), 400)).toBe(
      'body.newPassword: is required',
    );
  });

  it('unknown fields are named', async () => {
    const one = await postRaw('/api/merchant/login', JSON.stringify({ account: 'demo', password: 'x', remember: 1 }));
    expect(refusal(one, 400)).toBe("body: unknown field 'remember'");
    const two = await postRaw(
      '/api/merchant/sms/send',
      JSON.stringify({ mobile: '13900000000', scene: 'register', a: 1, b: 2 }),
    );
    expect(refusal(two, 400)).toBe("body: unknown fields 'a', 'b'");
  });

  it('an oversized body (over BODY_LIMIT_BYTES, 1 MiB by default) -> code 413', async () => {
    const big = JSON.stringify({ account: 'a'.repeat(1024 * 1024), password: 'x' });
    expect(refusal(await postRaw('/api/merchant/login', big, 'application/json'), 413)).toBe(
      'body: is larger than the limit of 1 MiB',
    );
    // Just under the limit is read (and then refused for what it says, not its size).
    const fits = JSON.stringify({ account: 'a'.repeat(1000), password: 'x' });
    expect(refusal(await postRaw('/api/merchant/login', fits, 'application/json'), 400)).toMatch(/^body\.account: /);
  });

  it('a smaller BODY_LIMIT_BYTES is honoured and named', async () => {
    const small = await createTestApp({ seed: false, config: { bodyLimitBytes: 2048 } });
    try {
      const res = await small.client().post('/api/merchant/login', { account: 'a'.repeat(3000), password: 'x' });
      expect(res.body).toMatchObject({ code: 413, msg: 'body: is larger than the limit of 2 KiB' });
    } finally {
      await small.close();
    }
  });

  it('a wrong query parameter type is named too', async () => {
    const res = await t.client().get('/api/merchant/dev/sms-outbox', {});
    expect(res.body).toMatchObject({ code: 400, msg: 'querystring.mobile: is required' });
  });

  it('values the database cannot store, prototype tricks and undecodable URLs are bad input, never a 500', async () => {
    const nul = await postRaw('/api/merchant/login', JSON.stringify({ account: 'demo\u0000', password: 'x' }));
    expect(refusal(nul, 400)).toBe('body: contains a character that cannot be stored (such as NUL)');
    const proto = await postRaw(
      '/api/merchant/login',
      '{"__proto__": {"admin": true}, "account": "a", "password": "b"}',
    );
    expect(refusal(proto, 400)).toBe('body: is not valid JSON');
    const url = await t.client().raw({ method: 'GET', url: '/api/merchant/%E0%A4%A' });
    expect(refusal(url, 400)).toBe('path: is not a valid URL (bad percent-encoding)');
  });

  it('S8.4 an unknown path answers HTTP 404 with the envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/merchant/no/such/thing'],
      ['POST', '/api/merchant/nothing'],
      ['GET', '/nowhere'],
    ] as const) {
      const res = await postRaw(url, '{}', 'application/json').then(() =>
        t.client().raw({ method, url, headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf } }),
      );
      expect(refusal(res, 404, 404)).toBe(`No such path: ${method} ${url}`);
    }
  });
});

describe('S7.6 XSRF double submit', () => {
  it('a GET sets the XSRF-TOKEN cookie (readable by the page, same-site strict)', async () => {
    const res = await t.client().raw({ method: 'GET', url: '/api/merchant/user/getCurrentUser' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[0-9a-z]+\.[\w-]{20,}\.-\.[\w-]{32};/);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    // A browser that has a cookie this server issued is not given a new one; a value it did not issue is replaced.
    const again = await t.client().raw({
      method: 'GET',
      url: '/api/merchant/user/getCurrentUser',
      headers: { cookie: `XSRF-TOKEN=${xsrf}` },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    const planted = await t
      .client()
      .raw({ method: 'GET', url: '/api/merchant/user/getCurrentUser', headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(String(planted.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[0-9a-z]+\.[\w-]{20,}\.-\.[\w-]+;/);
  });

  it.each([
    ['no cookie, no header', {}],
    ['cookie without header', { cookie: 'XSRF-TOKEN=abcdef' }],
    ['header without cookie', { 'x-xsrf-token': 'abcdef' }],
    ['cookie and header differ', { cookie: 'XSRF-TOKEN=abcdef', 'x-xsrf-token': 'abcdeg' }],
    ['different lengths', { cookie: 'XSRF-TOKEN=abcdef', 'x-xsrf-token': 'abc' }],
  ])('a POST with %s is refused with code 403 before anything runs', async (_label, headers) => {
    const res = await t.client().raw({
      method: 'POST',
      url: '/api/merchant/login',
      payload: { account: '13800138000', password: 'Demo@2026' },
      headers: headers as Record<string, string>,
    });
    expect(refusal(res, 403)).toBe('The security token (XSRF) is missing or stale. Reload the page and try again.');
  });

  it('issue 14.6 a value the server did not issue is refused even when cookie and header agree', async () => {
    const planted = crypto.randomBytes(24).toString('base64url');
    const [nonce] = xsrf.split('.');
    for (const value of [planted, `${nonce}.${'A'.repeat(32)}`, `${xsrf}.x`]) {
      const res = await t.client().raw({
        method: 'POST',
        url: '/api/merchant/login',
        payload: { account: '13800138000', password: 'Demo@2026' },
        headers: { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': value },
      });
      expect(refusal(res, 403)).toMatch(/XSRF/);
    }
  });

  it('every value issued is new and well formed, past refills of the pool its nonces are drawn from', () => {
    const values = Array.from({ length: 600 }, () => t.app.xsrfToken());
    expect(new Set(values).size).toBe(600);
    // Issued when (seconds, base 36), nonce, the session's HMAC (`-`: none), signature.
    for (const value of values) expect(value).toMatch(/^[0-9a-z]+\.[\w-]{24}\.-\.[\w-]{32}$/);
  });

  it('a POST with the matching cookie and header goes through', async () => {
    const value = t.app.xsrfToken();
    const res = await t.client().raw({
      method: 'POST',
      url: '/api/merchant/login',
      payload: { account: '13800138000', password: 'Demo@2026' },
      headers: { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': value },
    });
    expect(res.json()).toMatchObject({ code: 200 });
  });
});

describe('security headers and rate limits', () => {
  it('helmet headers are present and the CSP has no unsafe-eval', async () => {
    for (const url of ['/api/merchant/user/getCurrentUser', '/healthz', '/nowhere']) {
      const res = await t.client().raw({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // HSTS only over HTTPS (issue 14.6): platform.headers.test.ts.
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('the per-address API rate limit answers the envelope with code 429 and when to retry (memory store)', async () => {
    const limited = await createTestApp({ seed: false, config: { rateLimitPerMinute: 3 } });
    try {
      const call = (remoteAddress: string) =>
        limited.client().raw({ method: 'GET', url: '/api/merchant/user/getCurrentUser', remoteAddress });
      for (let i = 0; i < 3; i++) expect((await call('10.3.0.1')).json().code).toBe(200);
      const res = await call('10.3.0.1');
      expect(refusal(res, 429)).toMatch(/^Too many requests\. Try again in [1-6]?\d s\.$/);
      expect(res.headers['retry-after']).toBeDefined();
      // Another address has its own count; pages outside /api/ are not limited.
      expect((await call('10.3.0.2')).json().code).toBe(200);
      expect(
        (await limited.client().raw({ method: 'GET', url: '/healthz', remoteAddress: '10.3.0.1' })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it.skipIf(!process.env.REDIS_URL)('with REDIS_URL two app instances share the count (Redis store)', async () => {
    const config = { rateLimitPerMinute: 3, redisUrl: process.env.REDIS_URL! };
    const a = await createTestApp({ seed: false, config });
    const b = await createTestApp({ seed: false, config });
    // An address of its own per run, so parallel runs (PGlite and PostgreSQL) do not share a count.
    const remoteAddress = `10.4.${crypto.randomInt(256)}.${crypto.randomInt(256)}`;
    const call = (app: TestApp) =>
      app.client().raw({ method: 'GET', url: '/api/merchant/user/getCurrentUser', remoteAddress });
    try {
      expect((await call(a)).json().code).toBe(200);
      expect((await call(b)).json().code).toBe(200);
      expect((await call(a)).json().code).toBe(200);
      const fourth = await call(b);
      expect(refusal(fourth, 429)).toMatch(/^Too many requests\. Try again in \d+ s\.$/);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('issue 25.9 XSRF values are bound to the session and rotated at sign-in', () => {
  const post = (token: string | undefined, value: string) =>
    t.client().raw({
      method: 'POST',
      url: '/api/merchant/feeManager/getCompany',
      payload: {},
      headers: { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': value, ...(token ? { token } : {}) },
    });
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    /XSRF-TOKEN=([^;]+)/.exec(String(res.headers['set-cookie'] ?? ''))?.[1];

  it("a value issued for another session, or for none, is refused on a session's call; its own goes through", async () => {
    const other = (await t.signIn('13800138002')).token!;
    expect(refusal(await post(owner, t.app.xsrfToken(other)), 403)).toMatch(/XSRF/);
    expect(refusal(await post(owner, t.app.xsrfToken()), 403)).toMatch(/XSRF/);
    expect((await post(owner, t.app.xsrfToken(owner))).json().code).toBe(200);
  });

  it('sign-in answers a new value, bound to the new session: the value used to sign in does not serve it', async () => {
    const before = t.app.xsrfToken();
    const res = await t.client().raw({
      method: 'POST',
      url: '/api/merchant/login',
      payload: { account: '13800138003', password: 'Demo@2026' },
      headers: { cookie: `XSRF-TOKEN=${before}`, 'x-xsrf-token': before },
    });
    const token = res.json().data.token as string;
    const rotated = cookieOf(res);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(before);
    expect(refusal(await post(token, before), 403)).toMatch(/XSRF/);
    expect((await post(token, rotated!)).json().code).toBe(200);
  });

  it('a call without a session (sign-in, the public cashier) takes any value this server issued', async () => {
    const res = await t.client().raw({
      method: 'POST',
      url: '/api/merchant/login',
      payload: { account: '13800138000', password: 'Demo@2026' },
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    });
    expect(res.json()).toMatchObject({ code: 200 });
  });
});
