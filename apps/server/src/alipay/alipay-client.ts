import type { AlipaySdk, AlipaySdkCommonResult } from 'alipay-sdk';
import type { AlipayConfig } from './alipay-config.ts';

/** Alipay refused a call (its code and sub_code, e.g. 40004 ACQ.TRADE_NOT_EXIST), or the answer was not trusted. */
export class AlipayError extends Error {
  constructor(
    readonly code: string,
    readonly subCode: string,
    message: string,
  ) {
    super(`Alipay ${code} ${subCode}: ${message}`);
    this.name = 'AlipayError';
  }
}

/** What a call is made for: the merchant's app_auth_token (sent as the app_auth_token parameter), if it has one. */
export interface AlipayCallOptions {
  appAuthToken?: string | null;
  notifyUrl?: string;
}

export type AlipayAnswer = Record<string, unknown> & { code: string; msg: string };

/**
 * The SDK of one configuration: keys as PEM, snake_case answers kept as Alipay spells them. The package is loaded
 * on the first use, not at start: it costs about 70 ms of a start's main thread, and most servers (the demo, the
 * sandbox) never connect Alipay.
 */
export async function alipaySdk(config: AlipayConfig): Promise<AlipaySdk> {
  const { AlipaySdk } = await import('alipay-sdk');
  return new AlipaySdk({
    appId: config.appId,
    privateKey: config.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyType: 'PKCS8',
    alipayPublicKey: config.alipayPublicKey.export({ type: 'spki', format: 'pem' }).toString(),
    gateway: config.gateway,
    camelcase: false,
    timeout: 10_000,
  });
}

/**
 * One signed call of Alipay's OpenAPI gateway (`method`, biz_content) through the SDK, the answer's signature
 * checked with Alipay's public key before anything of it is read (validateSign: a wrongly signed answer throws).
 * A business error (code other than 10000) is thrown as an AlipayError with its sub_code.
 */
export async function callAlipay(
  sdk: AlipaySdk,
  method: string,
  bizContent: Record<string, unknown>,
  options: AlipayCallOptions = {},
): Promise<AlipayAnswer> {
  let answer: AlipaySdkCommonResult;
  try {
    answer = await sdk.exec(
      method,
      {
        bizContent,
        ...(options.appAuthToken ? { app_auth_token: options.appAuthToken } : {}),
        ...(options.notifyUrl ? { notify_url: options.notifyUrl } : {}),
      },
      { validateSign: true },
    );
  } catch (err) {
    throw new AlipayError('UNTRUSTED', 'ANSWER_NOT_TRUSTED', (err as Error).message.slice(0, 300));
  }
  if (answer.code !== '10000')
    throw new AlipayError(String(answer.code), String(answer.sub_code ?? ''), String(answer.sub_msg ?? answer.msg));
  return answer as AlipayAnswer;
}

/** `1234` fen -> `"12.34"` yuan, as Alipay's amounts are written. */
export const fenToYuan = (fen: number) => `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
