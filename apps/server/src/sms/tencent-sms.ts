import type { Agent } from 'node:http';
import type * as TencentSdkModule from 'tencentcloud-sdk-nodejs-sms';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../config.ts';
import type { SmsScene } from '../config-env.ts';
import type { SmsSender } from '../sms-sender.ts';
import { codeOfError, sendThrough, whyRefused, type ProviderAnswer } from './provider-call.ts';

type TencentConfig = Extract<SmsConfig, { provider: 'tencent' }>;

type TencentSdk = typeof TencentSdkModule;

/** The SDK, loaded when a server first sends through Tencent Cloud (about 35 ms of a start otherwise). */
async function smsClientClass() {
  const sdk = (await import('tencentcloud-sdk-nodejs-sms')) as TencentSdk & { default?: TencentSdk };
  return (sdk.sms ?? sdk.default!.sms).v20210111.Client;
}

/**
 * Tencent Cloud SMS (API 2021-01-11, `SendSms`), through Tencent Cloud's own SDK: it signs every call
 * (TC3-HMAC-SHA256: a key derived from the SecretKey, the day and the service, over the canonical request).
 * Templates number their variables: `{1}` is the code (the company and the new mobile, `{1}` and `{2}`, for the
 * notice of a changed mobile). Mobiles go in E.164 (+86...). A refused call (signature, key,
 * template) is a `Response.Error` the SDK throws; a number's own refusal (its daily limit...) is that number's
 * `SendStatusSet` entry of an otherwise successful answer.
 *
 * `agent` (tests only) is the HTTP agent: the SDK derives the signed service name from the endpoint's first label
 * (`sms`.tencentcloudapi.com), so a local gateway keeps that name and is reached through an agent resolving it.
 */
export function tencentSms(config: TencentConfig, log: FastifyBaseLogger, opts: { agent?: Agent } = {}): SmsSender {
  const { secretId, secretKey, sdkAppId, region, endpoint } = config.tencent;
  const loading = smsClientClass().then(
    (SmsClient) =>
      new SmsClient({
        credential: { secretId, secretKey },
        region,
        profile: {
          httpProfile: {
            endpoint: endpoint.host,
            protocol: `${endpoint.protocol}://`,
            reqTimeout: Math.max(1, Math.ceil(config.timeoutMs / 1000)),
            ...(opts.agent ? { agent: opts.agent } : {}),
          },
        },
      }),
  );
  loading.catch(() => {}); // awaited at each call; a failure is that call's
  const call = async (ask: () => Promise<ProviderAnswer>): Promise<ProviderAnswer> => {
    try {
      return await ask();
    } catch (err) {
      return { ok: false, code: codeOfError(err), requestId: (err as { requestId?: string }).requestId };
    }
  };
  const templateIds = Object.values(config.templates);
  return {
    async send(_db, message) {
      await sendThrough(log, 'tencent', message, kindOfTencent, () =>
        call(async () => {
          const r = await (
            await loading
          ).SendSms({
            PhoneNumberSet: [`+86${message.mobile}`],
            SmsSdkAppId: sdkAppId,
            SignName: config.signName,
            TemplateId: config.templates[message.scene as SmsScene],
            TemplateParamSet: Object.values(message.params),
          });
          const status = r.SendStatusSet?.[0];
          return status?.Code === 'Ok'
            ? { ok: true, requestId: r.RequestId }
            : { ok: false, code: status?.Code ?? 'no status', requestId: r.RequestId };
        }),
      );
    },
    // DescribeSmsTemplateList of our templates: signed like a send, changes nothing, and proves each is approved.
    async check() {
      let unapproved: string[] = [];
      const answer = await call(async () => {
        const r = await (
          await loading
        ).DescribeSmsTemplateList({
          TemplateIdSet: templateIds.map(Number),
          International: 0,
        });
        const approved = new Set(
          (r.DescribeTemplateStatusSet ?? []).filter((t) => t.StatusCode === 0).map((t) => String(t.TemplateId)),
        );
        unapproved = templateIds.filter((id) => !approved.has(id));
        return { ok: true, requestId: r.RequestId };
      });
      if (!answer.ok) return whyRefused(answer.code);
      if (unapproved.length > 0)
        return { connected: false, why: `templates not approved or not found: ${unapproved.join(', ')}` };
      return { connected: true, detail: `${templateIds.length} templates approved` };
    },
  };
}

/** Tencent Cloud's codes: its limits (per number, per day, per account), a number it refuses, anything else. */
export function kindOfTencent(code: string) {
  if (/^LimitExceeded\.|^RequestLimitExceeded/.test(code)) return 'throttled' as const;
  if (/IncorrectPhoneNumber|PhoneNumberInBlacklist/.test(code)) return 'mobile' as const;
  return 'failed' as const;
}
