import type Dysmsapi from '@alicloud/dysmsapi20170525';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsConfig } from '../config.ts';
import type { SmsScene } from '../config-env.ts';
import type { SmsSender } from '../sms-sender.ts';
import { codeOfError, sendThrough, whyRefused, type ProviderAnswer } from './provider-call.ts';

type AliyunConfig = Extract<SmsConfig, { provider: 'aliyun' }>;

/**
 * The SDK's client of one configuration, loaded when a server first sends through Alibaba Cloud: its two packages
 * cost about 80 ms of a start's main thread, and most servers (the demo, the sandbox, Tencent's) never use them.
 */
async function aliyunClient(config: AliyunConfig) {
  const [api, { $OpenApiUtil }] = await Promise.all([
    import('@alicloud/dysmsapi20170525'),
    import('@alicloud/openapi-core'),
  ]);
  // The package is CommonJS with its client as `exports.default`; under Node's ESM loader that is `.default` again.
  const Dysms = api.default as typeof Dysmsapi & { default?: typeof Dysmsapi };
  const Client = Dysms.default ?? Dysms;
  const { endpoint } = config.aliyun;
  const client = new Client(
    new $OpenApiUtil.Config({
      accessKeyId: config.aliyun.accessKeyId,
      accessKeySecret: config.aliyun.accessKeySecret,
      endpoint: endpoint.host,
      protocol: endpoint.protocol.toUpperCase(),
      connectTimeout: config.timeoutMs,
      readTimeout: config.timeoutMs,
    }),
  );
  return { client, SendSmsRequest: api.SendSmsRequest, QuerySmsSignRequest: api.QuerySmsSignRequest };
}

/**
 * Alibaba Cloud SMS (dysmsapi 2017-05-25, `SendSms`), through Alibaba Cloud's own SDK: it signs every call
 * (ACS3-HMAC-SHA256 over the method, query, x-acs-* headers and the body's hash, with the AccessKey secret).
 * Templates name their variables (`${code}`; `${company}`, `${mobile}` for the notice of a changed mobile). SendSms answers HTTP 200 with `Code` "OK" or the refusal's code
 * (isv.BUSINESS_LIMIT_CONTROL: the per-number limits); a refused signature or key is an HTTP 4xx the SDK throws.
 */
export function aliyunSms(config: AliyunConfig, log: FastifyBaseLogger): SmsSender {
  const loading = aliyunClient(config);
  loading.catch(() => {}); // awaited at each call; a failure is that call's
  const call = async (send: () => Promise<{ body?: { code?: string; requestId?: string } }>) => {
    try {
      const { body } = await send();
      const answer: ProviderAnswer =
        body?.code === 'OK'
          ? { ok: true, requestId: body.requestId }
          : { ok: false, code: body?.code ?? 'no answer', requestId: body?.requestId };
      return answer;
    } catch (err) {
      return { ok: false, code: codeOfError(err), requestId: (err as { requestId?: string }).requestId } as const;
    }
  };
  return {
    async send(_db, message) {
      const templateCode = config.templates[message.scene as SmsScene];
      await sendThrough(log, 'aliyun', message, kindOfAliyun, () =>
        call(async () => {
          const { client, SendSmsRequest } = await loading;
          return client.sendSms(
            new SendSmsRequest({
              phoneNumbers: message.mobile,
              signName: config.signName,
              templateCode,
              templateParam: JSON.stringify(message.params),
            }),
          );
        }),
      );
    },
    // QuerySmsSign of our sign name: signed like a send, changes nothing, and proves the sign is approved.
    async check() {
      let status: number | undefined;
      const answer = await call(async () => {
        const { client, QuerySmsSignRequest } = await loading;
        const r = await client.querySmsSign(new QuerySmsSignRequest({ signName: config.signName }));
        status = r.body?.signStatus;
        return r;
      });
      if (!answer.ok) return whyRefused(answer.code);
      if (status !== 1)
        return { connected: false, why: `the sign name "${config.signName}" is not approved (SignStatus ${status})` };
      return { connected: true, detail: `sign name "${config.signName}" approved` };
    },
  };
}

/** Alibaba Cloud's SendSms codes: its per-number and per-account limits, a number it refuses, anything else. */
export function kindOfAliyun(code: string) {
  if (/LIMIT_CONTROL|^Throttling/.test(code)) return 'throttled' as const;
  if (code === 'isv.MOBILE_NUMBER_ILLEGAL') return 'mobile' as const;
  return 'failed' as const;
}
