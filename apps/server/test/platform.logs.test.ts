import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { smsOutbox } from '../src/modules/sms/sms.tables.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness.ts';

// The app's own logger configuration (level, redaction) with the output captured line by line.
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream } });
});
afterAll(async () => t.close());

const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown> & { msg: string; reqId?: string });

describe('request logs', () => {
  it('every request is logged with its request id, and x-request-id is echoed (or given)', async () => {
    const given = await t.client().raw({
      method: 'GET',
      url: '/api/merchant/user/getCurrentUser',
      headers: { 'x-request-id': 'trace-abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('trace-abc-123');
    const made = await t.client().raw({ method: 'GET', url: '/healthz' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Something that is not a plain id is not trusted into the log.
    const odd = await t.client().raw({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b\nc' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // One line per request, when it is answered, with its method, URL, status and time (issue 26: Fastify's
    // default was two, 'incoming request' then 'request completed').
    const mine = entries().filter((e) => e.reqId === 'trace-abc-123');
    expect(mine.map((e) => e.msg)).toEqual(['request completed']);
    expect(mine[0]).toMatchObject({
      req: { method: 'GET', url: '/api/merchant/user/getCurrentUser' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(entries().some((e) => e.reqId === made.headers['x-request-id'])).toBe(true);
  });

  it('never a password, token or SMS code in the request logs (the dev SMS sender alone logs its text)', async () => {
    lines.length = 0;
    const mobile = '13600000001';
    const password = 'Unique7Passw0rd';
    const client = t.client();
    expect((await client.post('/api/merchant/sms/send', { mobile, scene: 'register' })).body.code).toBe(200);
    const [sms] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.mobile, mobile))
      .orderBy(desc(smsOutbox.id));
    const smsCode = /\b(\d{6})\b/.exec(sms!.text)![1]!;
    const registered = await client.post<{ token: string }>('/api/merchant/register', {
      mobile,
      smsCode,
      password,
      agreed: true,
    });
    expect(registered.body.code).toBe(200);
    const wrong = await client.post('/api/merchant/login', { account: mobile, password: 'Wrong7Password' });
    expect(wrong.body.code).toBe(400);
    const login = await client.post<{ token: string }>('/api/merchant/login', { account: mobile, password });
    const token = login.body.data.token;
    const signedIn = t.client(token);
    await signedIn.get('/api/merchant/user/getCurrentUser');
    await signedIn.post('/api/merchant/user/changePassword', {
      oldPassword: password,
      newPassword: 'Quiet-river-7731',
    });
    // Bad input that carries a password: refused, and still not logged.
    await client.post('/api/merchant/login', { account: mobile, password: 'Leaky7Password', extra: 1 });
    await signedIn.post('/api/merchant/logout');
    await t.client().post('/api/merchant/login', { account: '13800138000', password: DEMO_PASSWORD });

    const text = lines.join('\n');
    // Each of the nine calls above was logged (one line each), so the checks below read real lines.
    expect(entries().filter((e) => e.msg === 'request completed')).toHaveLength(9);
    const bySender = entries().filter((e) => e.msg === 'sms sent (outbox)');
    expect(bySender).toHaveLength(1);
    expect(JSON.stringify(bySender[0])).toContain(smsCode);

    const others = lines.filter((l) => !l.includes('"sms sent (outbox)"')).join('\n');
    for (const secret of [
      password,
      'Wrong7Password',
      'Quiet-river-7731',
      'Leaky7Password',
      DEMO_PASSWORD,
      token,
      registered.body.data.token,
      smsCode,
    ]) {
      expect(others).not.toContain(secret);
    }
    expect(text).not.toContain(token);
    expect(text).not.toContain('XSRF-TOKEN=');
  });

  it('outside the sandbox the SMS sender logs to whom and why, never the text or its code (issue 25)', async () => {
    const quiet: string[] = [];
    const noSandbox = await createTestApp({
      seed: false,
      config: { sandbox: false },
      logger: {
        level: 'info',
        stream: new Writable({
          write(chunk, _enc, done) {
            quiet.push(...String(chunk).split('\n').filter(Boolean));
            done();
          },
        }),
      },
    });
    try {
      const mobile = '13600000002';
      const sent = await noSandbox.client().post('/api/merchant/sms/send', { mobile, scene: 'register' });
      expect(sent.body.code).toBe(200);
      const [sms] = await noSandbox.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile));
      const smsCode = /\b(\d{6})\b/.exec(sms!.text)![1]!;
      const bySender = quiet.filter((l) => l.includes('"sms sent (outbox)"'));
      expect(bySender).toHaveLength(1);
      expect(JSON.parse(bySender[0]!)).toMatchObject({ sms: { mobile, scene: 'register' } });
      expect(quiet.join('\n')).not.toContain(smsCode);
    } finally {
      await noSandbox.close();
    }
  });
});
