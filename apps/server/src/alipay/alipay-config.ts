import type { KeyObject } from 'node:crypto';
import type { EnvSettings } from '../config-env.ts';
import { channelOrigin, readKey } from '../wechatpay/wechatpay-config.ts';

/** Alipay OpenAPI as a service provider (ALIPAY_*), read and checked at start. */
export interface AlipayConfig {
  /** The service provider's application (第三方应用 / 服务商应用) on Alipay's open platform. */
  appId: string;
  /** The application's private key: signs every request (RSA2). */
  privateKey: KeyObject;
  /** Alipay's public key of this application: verifies answers and notices. */
  alipayPublicKey: KeyObject;
  /** The OpenAPI gateway (production by default; the tests' fake). */
  gateway: string;
  /** Where the payer inside Alipay signs in (auth_base), coming back with an auth_code. */
  oauthUrl: string;
  /** Where Alipay sends notices: MCHWEB_PUBLIC_ORIGIN + /api/pay/notify/alipay. */
  notifyUrl: string;
  /** MCHWEB_PUBLIC_ORIGIN: the OAuth redirect and the wap payment come back here. */
  publicOrigin: string;
}

const REQUIRED = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE'] as const;

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
export const ALIPAY_OAUTH_URL = 'https://openauth.alipay.com/oauth2/publicAppAuthorize.htm';

/**
 * Alipay's settings: none set is no Alipay (null); some set needs all three, readable RSA key files and
 * MCHWEB_PUBLIC_ORIGIN (where notices and the sign-in come back). Each problem names its variable.
 */
export function alipayConfig(e: EnvSettings, root: string, problems: string[]): AlipayConfig | null {
  const origin = channelOrigin(e, REQUIRED, 'Alipay', problems);
  if (!origin) return null;
  const privateKey = readKey('ALIPAY_PRIVATE_KEY_FILE', e.ALIPAY_PRIVATE_KEY_FILE!, root, 'private', problems);
  const alipayPublicKey = readKey('ALIPAY_PUBLIC_KEY_FILE', e.ALIPAY_PUBLIC_KEY_FILE!, root, 'public', problems);
  if (!privateKey || !alipayPublicKey) return null;
  return {
    appId: e.ALIPAY_APP_ID!,
    privateKey,
    alipayPublicKey,
    gateway: e.ALIPAY_GATEWAY ?? ALIPAY_GATEWAY,
    oauthUrl: e.ALIPAY_OAUTH_URL ?? ALIPAY_OAUTH_URL,
    notifyUrl: `${origin}/api/pay/notify/alipay`,
    publicOrigin: origin,
  };
}
