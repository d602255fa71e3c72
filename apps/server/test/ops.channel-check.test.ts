import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { UNCONNECTED } from '../src/channels.ts';
import { SMS_ENV } from '../src/config-sms.fixture.ts';
import type { SmsConfig } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { OpsError } from '../src/ops-error.ts';
import { checkChannels, reportChecks } from '../src/ops/channel.commands.ts';
import { COMMANDS } from '../src/ops/cli.ts';
import { SANDBOX_CHANNELS } from '../src/sandbox/index.ts';
import { aliyunSms, tencentSms } from '../src/sms/index.ts';
import { startAliyunSmsGateway } from './fakes/aliyun-sms-gateway.ts';
import type { SmsGateway } from './fakes/sms-gateway.ts';
import { startTencentSmsGateway } from './fakes/tencent-sms-gateway.ts';

/* Issue 27: `npm run ops -- channel:check` against the sandbox channel and local SMS gateways with real signatures. */
const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const SIGN = '晨光支付';
const templates = (prefix: string) => ({
  register: `${prefix}1`,
  bindMobile: `${prefix}2`,
  resetPassword: `${prefix}3`,
  funds: `${prefix}4`,
  changeMobile: `${prefix}5`,
  mobileChanged: `${prefix}6`,
  webhookDisabled: `${prefix}7`,
});
const secret = () => crypto.randomBytes(20).toString('base64url');
const aliyunKeys = { accessKeyId: 'LTAI5tCheck', accessKeySecret: secret() };
const tencentKeys = { secretId: 'AKIDcheck', secretKey: secret() };
let aliyun: SmsGateway;
let tencent: SmsGateway;
const agent = new http.Agent({
  lookup: ((_h: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) =>
    o.all ? cb(null, [{ address: '127.0.0.1', family: 4 }]) : cb(null, '127.0.0.1', 4)) as never,
});
const aliyunConfig = (over: Partial<typeof aliyunKeys> & { timeoutMs?: number } = {}) =>
  ({
    provider: 'aliyun',
    signName: SIGN,
    templates: templates('SMS_90000000'),
    timeoutMs: over.timeoutMs ?? 5000,
    aliyun: { ...aliyunKeys, ...over, endpoint: { protocol: 'http', host: `127.0.0.1:${aliyun.port}` } },
  }) satisfies SmsConfig;
const tencentSender = (over: Partial<typeof tencentKeys> = {}) =>
  tencentSms(
    {
      provider: 'tencent',
      signName: SIGN,
      templates: templates('210000'),
      timeoutMs: 5000,
      tencent: {
        ...tencentKeys,
        ...over,
        sdkAppId: '1400123456',
        region: 'ap-guangzhou',
        endpoint: { protocol: 'http', host: `sms.tencentcloudapi.com:${tencent.port}` },
      },
    },
    quiet,
    { agent },
  );

beforeAll(async () => {
  aliyun = await startAliyunSmsGateway({
    ...aliyunKeys,
    signName: SIGN,
    templates: Object.values(templates('SMS_90000000')),
  });
  tencent = await startTencentSmsGateway({
    ...tencentKeys,
    sdkAppId: '1400123456',
    signName: SIGN,
    templates: Object.values(templates('210000')),
  });
});
afterAll(async () => {
  await aliyun.close();
  await tencent.close();
  agent.destroy();
});

describe('issue 27 channel:check', () => {
  it('the sandbox channels and Alibaba Cloud SMS: connected, with latency; the sign name is approved', async () => {
    const found = await checkChannels(SANDBOX_CHANNELS, aliyunSms(aliyunConfig(), quiet));
    expect(found.map((c) => [c.channel, c.result])).toEqual([
      ['WECHAT', 'connected'],
      ['ALIPAY', 'connected'],
      ['UNIONPAY', 'connected'],
      ['PAYOUT', 'connected'],
      ['SMS', 'connected'],
    ]);
    expect(found.at(-1)).toMatchObject({ detail: `sign name "${SIGN}" approved`, ms: expect.any(Number) });
    expect(aliyun.calls.at(-1)).toEqual({ action: 'QuerySmsSign' });
    expect(reportChecks(found)).toMatch(/^channel\s+result\s+ms\s+detail\n[- ]+\nWECHAT\s+connected\s+\d+/);
  });

  it('no channel connected and Tencent Cloud SMS: the payment channels are not connected, the templates approved', async () => {
    const found = await checkChannels(UNCONNECTED, tencentSender());
    expect(found.map((c) => [c.channel, c.result])).toEqual([
      ['WECHAT', 'not connected'],
      ['ALIPAY', 'not connected'],
      ['UNIONPAY', 'not connected'],
      ['PAYOUT', 'not connected'],
      ['SMS', 'connected'],
    ]);
    expect(found.at(-1)!.detail).toBe('7 templates approved');
    expect(tencent.calls.at(-1)).toEqual({ action: 'DescribeSmsTemplateList' });
  });

  it.each([
    [
      'Alibaba Cloud, a wrong secret',
      () => aliyunSms(aliyunConfig({ accessKeySecret: secret() }), quiet),
      /^bad signature.*SignatureDoesNotMatch/,
    ],
    [
      'Alibaba Cloud, an unknown AccessKey ID',
      () => aliyunSms(aliyunConfig({ accessKeyId: 'LTAIunknown' }), quiet),
      /^wrong key.*InvalidAccessKeyId.NotFound/,
    ],
    [
      'Tencent Cloud, a wrong SecretKey',
      () => tencentSender({ secretKey: secret() }),
      /^bad signature.*AuthFailure.SignatureFailure/,
    ],
    [
      'Tencent Cloud, an unknown SecretId',
      () => tencentSender({ secretId: 'AKIDunknown' }),
      /^wrong key.*AuthFailure.SecretIdNotFound/,
    ],
  ])('%s: refused, saying why, and the command fails', async (_what, sender, why) => {
    const found = await checkChannels(SANDBOX_CHANNELS, sender());
    expect(found.at(-1)).toMatchObject({ channel: 'SMS', result: 'refused', detail: expect.stringMatching(why) });
    expect(() => reportChecks(found)).toThrow(OpsError);
  });

  it('a provider that never answers: refused as unreachable once its time is up', async () => {
    aliyun.mode = 'silent';
    try {
      const found = await checkChannels(SANDBOX_CHANNELS, aliyunSms(aliyunConfig({ timeoutMs: 300 }), quiet));
      expect(found.at(-1)).toMatchObject({ result: 'refused', detail: 'unreachable: no answer in time' });
    } finally {
      aliyun.mode = 'ok';
    }
  });

  it('the command checks what the settings configure (SMS_PROVIDER=aliyun at the local gateway)', async () => {
    vi.stubEnv('SMS_PROVIDER', 'aliyun');
    for (const [name, value] of Object.entries(SMS_ENV)) if (name !== 'SMS_PROVIDER') vi.stubEnv(name, value);
    vi.stubEnv('SMS_SIGN_NAME', SIGN);
    vi.stubEnv('ALIYUN_SMS_ACCESS_KEY_ID', aliyunKeys.accessKeyId);
    vi.stubEnv('ALIYUN_SMS_ACCESS_KEY_SECRET', aliyunKeys.accessKeySecret);
    vi.stubEnv('ALIYUN_SMS_ENDPOINT', `http://127.0.0.1:${aliyun.port}`);
    try {
      const said = await COMMANDS['channel:check']!.run(null as unknown as Db, []);
      expect(said).toMatch(/\nSMS\s+connected\s+\d+\s+sign name "晨光支付" approved$/);
      expect(said).toMatch(/\nWECHAT\s+connected\s+\d+\s+the sandbox channel/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
