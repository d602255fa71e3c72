import { SMS_TEMPLATE_SETTINGS, type EnvSettings, type SmsScene } from './config-env.ts';

/** A provider's address, split as the SDKs take it. */
export interface SmsEndpoint {
  protocol: 'http' | 'https';
  /** Host and, when not the protocol's default, port. */
  host: string;
}

interface ProviderSettings {
  signName: string;
  /** The template of each scene (Alibaba Cloud `SMS_123456789`, Tencent Cloud `1234567`). */
  templates: Record<SmsScene, string>;
  /** How long one call to the provider may take before the user is told it failed. */
  timeoutMs: number;
}

/** Where SMS verification codes go (SMS_PROVIDER and its settings). */
export type SmsConfig =
  | { provider: 'outbox' }
  | (ProviderSettings & {
      provider: 'aliyun';
      aliyun: { accessKeyId: string; accessKeySecret: string; endpoint: SmsEndpoint };
    })
  | (ProviderSettings & {
      provider: 'tencent';
      tencent: { secretId: string; secretKey: string; sdkAppId: string; region: string; endpoint: SmsEndpoint };
    });

const endpointOf = (url: string): SmsEndpoint => {
  const u = new URL(url);
  return { protocol: u.protocol === 'http:' ? 'http' : 'https', host: u.host };
};

/**
 * The SMS settings, or what is missing, each line naming its variable. The outbox (codes kept in a table a tester
 * reads over HTTP) is the sandbox's only: outside it the provider must be named, so production never "sends"
 * codes nowhere (issue 27).
 */
export function smsConfigOf(e: EnvSettings, sandbox: boolean, problems: string[]): SmsConfig {
  const provider = e.SMS_PROVIDER ?? (sandbox ? 'outbox' : undefined);
  if (!provider) {
    problems.push(
      'SMS_PROVIDER is not set: outside the sandbox verification codes are sent by aliyun (Alibaba Cloud SMS) or ' +
        'tencent (Tencent Cloud SMS), with their keys, SMS_SIGN_NAME and SMS_TEMPLATE_*; see docs/operations.md',
    );
    return { provider: 'outbox' };
  }
  if (provider === 'outbox') {
    if (!sandbox)
      problems.push(
        'SMS_PROVIDER=outbox keeps codes in a table anyone may read over HTTP, which only the sandbox does: ' +
          'set aliyun or tencent',
      );
    return { provider };
  }
  const need = (name: keyof EnvSettings): string => {
    const value = e[name];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    problems.push(`${name} is not set: SMS_PROVIDER=${provider} needs it`);
    return '';
  };
  const templates = Object.fromEntries(
    Object.entries(SMS_TEMPLATE_SETTINGS).map(([scene, name]) => [scene, need(name)]),
  ) as Record<SmsScene, string>;
  const common = { signName: need('SMS_SIGN_NAME'), templates, timeoutMs: e.SMS_TIMEOUT_MS ?? 10_000 };
  if (provider === 'aliyun')
    return {
      ...common,
      provider,
      aliyun: {
        accessKeyId: need('ALIYUN_SMS_ACCESS_KEY_ID'),
        accessKeySecret: need('ALIYUN_SMS_ACCESS_KEY_SECRET'),
        endpoint: endpointOf(e.ALIYUN_SMS_ENDPOINT ?? 'https://dysmsapi.aliyuncs.com'),
      },
    };
  return {
    ...common,
    provider,
    tencent: {
      secretId: need('TENCENT_SMS_SECRET_ID'),
      secretKey: need('TENCENT_SMS_SECRET_KEY'),
      sdkAppId: need('TENCENT_SMS_SDK_APP_ID'),
      region: e.TENCENT_SMS_REGION ?? 'ap-guangzhou',
      endpoint: endpointOf(e.TENCENT_SMS_ENDPOINT ?? 'https://sms.tencentcloudapi.com'),
    },
  };
}
