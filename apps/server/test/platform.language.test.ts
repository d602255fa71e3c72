import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Text } from '../src/i18n/text.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
let xsrfCached = '';
/** One XSRF value this app issued, for the hand-made requests below. */
const xsrfValue = () => (xsrfCached ||= t.app.xsrfToken());
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let calls = 0;
/**
 * A sign-in with a wrong password, each from its own account and address so that sign-in throttling stays out
 * of the way; straight through `inject`, so the header is exactly the one given, or none.
 */
const wrongSignIn = (acceptLanguage?: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/merchant/login',
      payload: { account: `1390000${String(++calls).padStart(4, '0')}`, password: 'wrong-password-1' },
      remoteAddress: `10.9.0.${calls}`,
      headers: {
        cookie: `XSRF-TOKEN=${xsrfValue()}`,
        'x-xsrf-token': xsrfValue(),
        ...(acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage }),
      },
    })
    .then((res) => res.json<{ code: number; msg: string; message: string }>());

describe('server messages in the caller language', () => {
  it('without Accept-Language the answer is Chinese, the product default', async () => {
    const body = await wrongSignIn(undefined);
    expect(body.code).toBe(400);
    expect(body.msg).toMatch(/^账号或密码错误。再错 \d 次将暂停登录。$/);
    expect(body.message).toBe(body.msg);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/merchant/nope' });
    expect(unknown.json().msg).toBe('接口不存在：GET /api/merchant/nope');
  });

  it.each([
    ['en-US', 'en'],
    ['en-GB,en;q=0.9', 'en'],
    ['fr-FR, en;q=0.8, zh-CN;q=0.5', 'en'],
    ['en;q=0.5, zh-TW;q=0.9', 'zh'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['de-DE', 'zh'],
    ['en;q=0, zh;q=0.1', 'zh'],
  ])('Accept-Language %s answers in %s', async (header, expected) => {
    const { msg } = await wrongSignIn(header);
    expect(msg).toMatch(expected === 'en' ? /^Wrong account or password\./ : /^账号或密码错误。/);
  });

  it('validation problems name the field the same way in Chinese, one field per "; "', async () => {
    const zh = t.client(undefined, 'zh-CN');
    const bad = await zh.post('/api/merchant/register', { mobile: '123', smsCode: '12', password: 'short' });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toBe(
      'body.mobile: 须为 11 位中国大陆手机号; body.smsCode: 须为短信中的 6 位验证码; body.password: 至少 8 个字符，须包含数字',
    );
    const disagreed = await zh.post('/api/merchant/register', {
      mobile: '13900001111',
      smsCode: '123456',
      password: 'Passw0rd!',
      agreed: false,
    });
    expect(disagreed.body.msg).toBe('body.agreed: 须同意用户协议、隐私政策和风险提示');
    const types = await zh.post('/api/merchant/login', { account: 5, password: 'x', extra: 1 });
    expect(types.body.msg).toBe("body.account: 应为字符串; body: 未知字段 'extra'");
    const missing = await zh.post('/api/merchant/sms/send', { scene: 'mars' });
    expect(missing.body.msg).toBe('body.mobile: 必填; body.scene: 须为以下之一：register, bindMobile, resetPassword');
    const json = await zh.post('/api/merchant/login', '{"account":', {
      headers: { 'content-type': 'application/json' },
    });
    expect(json.body.msg).toBe('body: 不是有效的 JSON');
  });

  it('business refusals keep the field name in front, so the form can show them beside it', async () => {
    const zh = t.client(undefined, 'zh-CN');
    const taken = await zh.post('/api/merchant/user/changePassword', {
      oldPassword: 'Wrong1234',
      newPassword: 'N3w-pass',
    });
    expect(taken.body.code).toBe(401);
    const owner = await t.signIn('13800138000');
    const zhOwner = t.client(owner.token, 'zh-CN');
    const wrong = await zhOwner.post('/api/merchant/user/changePassword', {
      oldPassword: 'Wrong1234',
      newPassword: 'N3w-pass1',
    });
    expect(wrong.body).toMatchObject({ code: 400, msg: 'oldPassword: 当前密码不正确，再错 4 次将暂停登录' });
    const en = await owner.post('/api/merchant/user/changePassword', {
      oldPassword: 'Wrong1234',
      newPassword: 'N3w-pass1',
    });
    expect(en.body.msg).toBe('oldPassword: is wrong; 3 tries left before sign-in is paused');
  });

  it('a session refusal (HTTP 401) and a permission refusal are Chinese too', async () => {
    const expired = await t.client('not-a-token', 'zh-CN').post('/api/merchant/feeManager/getCompany');
    expect(expired.http).toBe(401);
    expect(expired.body.msg).toBe('登录已过期，请重新登录。');
    const cashier = await t.signIn('13800138003');
    const zhCashier = t.client(cashier.token, 'zh-CN');
    const refused = await zhCashier.get('/api/merchant/staff/list');
    expect(refused.body).toMatchObject({ code: 403, msg: '您的角色无权进行此操作，请联系机构的所有者或管理员。' });
  });
});

/**
 * Every message catalogue: the platform's and each module's `<area>.messages.ts`, found by name, so a new
 * module's messages are checked without anyone listing them here.
 */
const SRC = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src');
const catalogueFiles = [
  'i18n/messages.ts',
  ...fs
    .readdirSync(path.join(SRC, 'modules'))
    .map((area) => `modules/${area}/${area}.messages.ts`)
    .filter((f) => fs.existsSync(path.join(SRC, f))),
];
const CATALOGUES: Record<string, Record<string, object>> = Object.fromEntries(
  await Promise.all(catalogueFiles.map(async (f) => [`../src/${f}`, await import(path.join(SRC, f))])),
);
const AUTH = CATALOGUES['../src/modules/auth/auth.messages.ts']!.AUTH as Record<string, (...a: unknown[]) => Text>;
const COMPANY = CATALOGUES['../src/modules/company/company.messages.ts']!.COMPANY as Record<
  string,
  (...a: unknown[]) => Text
>;

/** Sample arguments for every message that takes some: a new message cannot be added without one here. */
const SAMPLES: Record<string, unknown[][]> = {
  noSuchPath: [['GET', '/x']],
  noSuchCompany: [[42]],
  wrongStatus: [[42, 'freeze', 'CLOSED', ['NORMAL']]],
  tooManyKeys: [[20]],
  scopeNotYours: [[['orders:write']]],
  scopeMissing: [['refunds:write']],
  rateLimited: [[30]],
  unknownPath: [['GET', '/api/v1/x']],
  wrongCode: [[3], [0]],
  rerunFailed: [['the merchant is frozen']],
  notPending: [['APPROVED']],
  disabledSms: [['https://hooks.example.com/mchweb']],
  rateOutOfBounds: [['WECHAT', 20, 99]],
  rateNotApplied: [['UNIONPAY']],
  merchantNotFound: [['M100000001']],
  merchantsNotFound: [[['M100000001']], [['M100000001', 'M100000002']]],
  tooManyRequests: [[30]],
  wrongPassword: [[1], [3], [0]],
  oldPasswordWrong: [[1], [4], [0]],
  weakPassword: [
    ['password', 'common'],
    ['newPassword', 'containsPersonal'],
  ],
  signInPaused: [
    [true, 15, new Date('2026-11-22T02:05:00Z')],
    [false, 1, new Date('2026-11-22T02:05:00Z')],
  ],
  smsResendWait: [[42]],
  smsWrong: [[1], [4], [0]],
  companyBlocked: [['FROZEN'], ['CLOSED']],
  serviceAlreadyOpen: [[new Date('2026-11-22T02:05:00Z')]],
  cannotGrantLacking: [[['order:export', 'bill:download']]],
  builtInRoleFixed: [
    [{ code: 'FINANCE', name: 'Finance' }, 'changed'],
    [{ code: null, name: 'Night shift' }, 'deleted'],
  ],
  roleInUse: [[1], [2]],
  wrongState: [
    ['edit', 'SUBMITTED'],
    ['submit', 'APPROVED'],
    ['cancel', 'CANCELED'],
    ['approve', 'DRAFT'],
    ['reject', 'REJECTED'],
  ],
  unknownFile: [['documents.0.fileId']],
  cannotRevoke: [['USED'], ['EXPIRED']],
  fixedAmount: [[2500]],
  notRefundable: [['PENDING'], ['REFUNDED']],
  overRefund: [[7000], [0]],
  xlsxTooMany: [[1_200_000]],
  receiverNotFound: [[0], [3]],
  notSubmitted: [['APPROVED'], ['CANCELED']],
  smsNeeded: [[500_000]],
  notEnough: [[12_345]],
  notOurs: [[[12]], [[12, 99]]],
  dailyLimit: [
    [190_000, 300_000],
    [0, 300_000],
  ],
};

function everyText(): [string, Text][] {
  const found: [string, Text][] = [];
  const visit = (name: string, value: unknown) => {
    if (typeof value === 'function') {
      const samples = SAMPLES[name.split('.').at(-1)!];
      if (!samples) throw new Error(`message ${name} takes arguments: add samples for it to SAMPLES`);
      samples.forEach((args, i) => found.push([`${name}#${i}`, value(...args) as Text]));
    } else if (value && typeof value === 'object' && 'en-US' in value) found.push([name, value as Text]);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(`${name}.${k}`, v);
  };
  for (const catalogue of Object.values(CATALOGUES)) {
    for (const [name, messages] of Object.entries(catalogue)) {
      for (const [k, v] of Object.entries(messages)) visit(`${name}.${k}`, v);
    }
  }
  return found;
}

describe('the message catalogue', () => {
  const texts = everyText();

  it('has every message in both languages, the Chinese one really Chinese', () => {
    expect(texts.length).toBeGreaterThan(50);
    for (const [name, text] of texts) {
      expect(text['en-US'], name).toMatch(/[a-z]/);
      expect(text['zh-CN'], name).toMatch(/[\u4e00-\u9fff]/);
      expect(text['zh-CN'], name).not.toBe(text['en-US']);
    }
  });

  it('keeps a field prefix identical in both languages', () => {
    for (const [name, text] of texts) {
      const field = /^([A-Za-z][\w.]*): /.exec(text['en-US'])?.[1];
      const zhField = /^([A-Za-z][\w.]*): /.exec(text['zh-CN'])?.[1];
      expect(zhField, name).toBe(field);
    }
  });

  it('tells Chinese readers Beijing time and English readers UTC', () => {
    const at = new Date('2026-11-22T17:05:00Z');
    const paused = AUTH.signInPaused!(true, 9, at);
    expect(paused['en-US']).toBe('Too many failed sign-ins for this account. Try again in 9 min (after 17:05 UTC).');
    expect(paused['zh-CN']).toBe('该账号登录失败次数过多，请 9 分钟后（北京时间 01:05 之后）再试。');
    expect(COMPANY.serviceAlreadyOpen!(at)['zh-CN']).toBe('该机构已开通服务（开通于北京时间 2026-11-23 01:05）。');
  });
});
