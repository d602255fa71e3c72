import crypto from 'node:crypto';
import http from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../src/config.ts';
import { platformSecrets } from '../src/db/platform.tables.ts';
import { smsCodes } from '../src/modules/sms/sms.tables.ts';
import { aliyunSms, tencentSms } from '../src/sms/index.ts';
import type { SmsSender } from '../src/sms-sender.ts';
import { startAliyunSmsGateway } from './fakes/aliyun-sms-gateway.ts';
import type { SmsGateway } from './fakes/sms-gateway.ts';
import { startTencentSmsGateway } from './fakes/tencent-sms-gateway.ts';
import { createTestApp, type TestApp } from './harness.ts';

/*
 * Issue 27, SMS: verification codes sent through the real SDKs of Alibaba Cloud and Tencent Cloud to local
 * gateways that check the SDKs' signatures (keys made here) and answer as the services do.
 */
const TEMPLATES = {
  register: 'SMS_900000001',
  bindMobile: 'SMS_900000002',
  resetPassword: 'SMS_900000003',
  funds: 'SMS_900000004',
  changeMobile: 'SMS_900000005',
  mobileChanged: 'SMS_900000006',
  webhookDisabled: 'SMS_900000007',
};
const TENCENT_TEMPLATES = {
  register: '2100001',
  bindMobile: '2100002',
  resetPassword: '2100003',
  funds: '2100004',
  changeMobile: '2100005',
  mobileChanged: '2100006',
  webhookDisabled: '2100007',
};
const SIGN = '晨光支付';
const secret = () => crypto.randomBytes(20).toString('base64url');

/** Log lines of the app and the senders, as written (JSON). */
function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

async function registerWith(t: TestApp, mobile: string, smsCode: string) {
  return t.client().post('/api/merchant/register', { mobile, smsCode, password: 'Unique7Passw0rd', agreed: true });
}

const sendCode = (t: TestApp, mobile: string, language?: 'zh-CN' | 'en-US') =>
  t.client(undefined, language).post('/api/merchant/sms/send', { mobile, scene: 'register' });

describe('issue 27 SMS through Alibaba Cloud (dysmsapi, ACS3-HMAC-SHA256)', () => {
  const keys = { accessKeyId: `LTAI${crypto.randomBytes(8).toString('hex')}`, accessKeySecret: secret() };
  let gateway: SmsGateway;
  let t: TestApp;
  const log = captured();
  const config = (over: Partial<{ accessKeySecret: string; register: string; timeoutMs: number }> = {}) =>
    ({
      provider: 'aliyun',
      signName: SIGN,
      templates: { ...TEMPLATES, ...(over.register ? { register: over.register } : {}) },
      timeoutMs: over.timeoutMs ?? 5000,
      aliyun: {
        accessKeyId: keys.accessKeyId,
        accessKeySecret: over.accessKeySecret ?? keys.accessKeySecret,
        endpoint: { protocol: 'http', host: `127.0.0.1:${gateway.port}` },
      },
    }) satisfies SmsConfig;
  beforeAll(async () => {
    gateway = await startAliyunSmsGateway({ ...keys, signName: SIGN, templates: Object.values(TEMPLATES) });
    t = await createTestApp({ seed: false, config: { sms: config() }, logger: { level: 'info', stream: log.stream } });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });

  it('a sign-up code arrives with the register template and the code as ${code}; it signs the user up', async () => {
    log.lines.length = 0;
    const mobile = '13700000001';
    expect((await sendCode(t, mobile)).body.code).toBe(200);
    const sent = gateway.sent.at(-1)!;
    expect(sent).toMatchObject({ mobile, signName: SIGN, template: TEMPLATES.register });
    const code = (sent.params as { code: string }).code;
    expect(code).toMatch(/^\d{6}$/);
    expect((await registerWith(t, mobile, code)).body.code).toBe(200);

    // Stored as an HMAC keyed with the platform's secret, not a bare SHA-256 anyone can reverse.
    const [row] = await t.database.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    const bare = crypto.createHash('sha256').update(`${mobile}:register:${code}`).digest('base64url');
    expect(row!.codeHash).not.toBe(bare);
    const [key] = await t.database.db.select().from(platformSecrets).where(eq(platformSecrets.name, 'sms-code'));
    const keyed = crypto
      .createHmac('sha256', Buffer.from(key!.value, 'base64url'))
      .update(`${mobile}:register:${code}`)
      .digest('base64url');
    expect(row!.codeHash).toBe(keyed);

    // The send is logged (provider, request id), the code in no line.
    expect(log.lines.some((l) => l.includes('"sms sent"') && l.includes('"aliyun"'))).toBe(true);
    expect(log.lines.join('\n')).not.toContain(code);
  });

  it('the provider throttling the number: a clear 429 in both languages, and no code left waiting', async () => {
    const mobile = '13700000002';
    gateway.mode = 'throttle';
    try {
      const en = await sendCode(t, mobile);
      expect(en.body).toMatchObject({ code: 429, msg: expect.stringMatching(/too many codes.*Try again later/) });
      const zh = await sendCode(t, mobile, 'zh-CN');
      expect(zh.body).toMatchObject({ code: 429, msg: expect.stringContaining('获取验证码过于频繁') });
      expect(gateway.calls.filter((c) => c.refused === 'isv.BUSINESS_LIMIT_CONTROL')).toHaveLength(2);
      expect(await t.database.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile))).toHaveLength(0);
    } finally {
      gateway.mode = 'ok';
    }
    // Nothing was sent, so there is no resend wait: once the provider sends again, so do we.
    expect((await sendCode(t, mobile)).body.code).toBe(200);
  });

  describe('refusals and silence, each the same to the user', () => {
    // One app; each case swaps the sender it sends through (built from the case's settings, logging to `other`).
    const other = captured();
    let current: SmsSender;
    let app: TestApp;
    const use = (over: Parameters<typeof config>[0]) =>
      (current = aliyunSms(config(over), pino({ level: 'info' }, other.stream) as unknown as FastifyBaseLogger));
    beforeAll(async () => {
      app = await createTestApp({ seed: false, smsSender: { send: (db, m) => current.send(db, m) } });
    });
    afterAll(async () => app.close());

    it.each([
      ['a wrong AccessKey secret (bad signature)', { accessKeySecret: secret() }, 'SignatureDoesNotMatch'],
      ['a template the provider does not know', { register: 'SMS_000000000' }, 'isv.SMS_TEMPLATE_ILLEGAL'],
    ])('%s: "not available, try again", logged with the provider code', async (_what, over, providerCode) => {
      use(over);
      other.lines.length = 0;
      const mobile = '13700000003';
      const res = await sendCode(app, mobile);
      expect(res.http).toBe(503);
      expect(res.body).toMatchObject({ code: 503, msg: expect.stringMatching(/could not be sent.*Try again/) });
      expect((await sendCode(app, mobile, 'zh-CN')).body.msg).toContain('验证码未能发送');
      expect(gateway.calls.at(-1)!.refused).toBe(providerCode);
      const refused = other.lines.map((l) => JSON.parse(l) as { msg: string; sms?: { outcome?: string } });
      expect(refused.find((l) => l.msg === 'sms not sent')?.sms?.outcome).toBe(providerCode);
    });

    it('a gateway that never answers: refused after SMS_TIMEOUT_MS, the code in no log line', async () => {
      use({ timeoutMs: 400 });
      other.lines.length = 0;
      gateway.mode = 'silent';
      try {
        const res = await sendCode(app, '13700000004');
        expect(res.body.code).toBe(503);
        const line = other.lines.find((l) => l.includes('"sms not sent"'))!;
        expect(JSON.parse(line)).toMatchObject({
          sms: { provider: 'aliyun', outcome: 'timeout', mobile: '137****0004' },
        });
        // The SDK's own timeout error names the URL, whose query holds the code: nothing of it reaches the log.
        expect(other.lines.join('\n')).not.toMatch(/TemplateParam|code%22/);
      } finally {
        gateway.mode = 'ok';
      }
    });
  });
});

describe('issue 27 SMS through Tencent Cloud (SendSms 2021-01-11, TC3-HMAC-SHA256)', () => {
  const keys = { secretId: `AKID${crypto.randomBytes(16).toString('hex')}`, secretKey: secret() };
  const sdkAppId = '1400123456';
  let gateway: SmsGateway;
  let t: TestApp;
  let current: SmsSender;
  const log = captured();
  // The SDK signs the service named by the endpoint's first label (`sms`), so the gateway keeps the real host name
  // and an agent resolves it to 127.0.0.1.
  const agent = new http.Agent({
    lookup: ((_host: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) =>
      o.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4)) as never,
  });
  const sender = (over: { secretKey?: string } = {}) =>
    tencentSms(
      {
        provider: 'tencent',
        signName: SIGN,
        templates: TENCENT_TEMPLATES,
        timeoutMs: 5000,
        tencent: {
          ...keys,
          secretKey: over.secretKey ?? keys.secretKey,
          sdkAppId,
          region: 'ap-guangzhou',
          endpoint: { protocol: 'http', host: `sms.tencentcloudapi.com:${gateway.port}` },
        },
      },
      pino({ level: 'info' }, log.stream) as unknown as FastifyBaseLogger,
      { agent },
    );
  beforeAll(async () => {
    gateway = await startTencentSmsGateway({
      ...keys,
      sdkAppId,
      signName: SIGN,
      templates: Object.values(TENCENT_TEMPLATES),
    });
    current = sender();
    t = await createTestApp({
      seed: false,
      smsSender: { send: (db, m) => current.send(db, m) },
      logger: { level: 'info', stream: log.stream },
    });
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
    agent.destroy();
  });

  it('a sign-up code arrives with the register template and the code as {1}; it signs the user up', async () => {
    log.lines.length = 0;
    const mobile = '13700000011';
    expect((await sendCode(t, mobile)).body.code).toBe(200);
    const sent = gateway.sent.at(-1)!;
    expect(sent).toMatchObject({ mobile: `+86${mobile}`, signName: SIGN, template: TENCENT_TEMPLATES.register });
    const [code] = sent.params as string[];
    expect(code).toMatch(/^\d{6}$/);
    expect((await registerWith(t, mobile, code!)).body.code).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(smsCodes)
      .where(eq(smsCodes.mobile, mobile))
      .orderBy(desc(smsCodes.id));
    expect(row!.codeHash).not.toBe(
      crypto.createHash('sha256').update(`${mobile}:register:${code}`).digest('base64url'),
    );
    expect(log.lines.some((l) => l.includes('"sms sent"') && l.includes('"tencent"'))).toBe(true);
    expect(log.lines.join('\n')).not.toContain(code);
  });

  it("the number's daily limit (LimitExceeded.PhoneNumberDailyLimit): a clear 429, no code left waiting", async () => {
    const mobile = '13700000012';
    gateway.mode = 'throttle';
    try {
      const res = await sendCode(t, mobile);
      expect(res.body).toMatchObject({ code: 429, msg: expect.stringMatching(/too many codes/) });
      expect(await t.database.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile))).toHaveLength(0);
    } finally {
      gateway.mode = 'ok';
    }
  });

  it('a wrong SecretKey: the gateway refuses the signature, the user is told to try again later', async () => {
    current = sender({ secretKey: secret() });
    try {
      expect((await sendCode(t, '13700000013')).body.code).toBe(503);
      expect(gateway.calls.at(-1)!.refused).toBe('AuthFailure.SignatureFailure');
    } finally {
      current = sender();
    }
  });
});
