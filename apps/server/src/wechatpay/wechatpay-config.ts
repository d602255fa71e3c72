import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { EnvSettings } from '../config-env.ts';

/** WeChat Pay as a service provider (WECHATPAY_*), read and checked at start. */
export interface WechatPayConfig {
  spMchid: string;
  spAppid: string;
  /** The AppSecret of spAppid: the snsapi_base OAuth that gives a payer's openid inside WeChat. */
  spAppSecret: string;
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  certSerial: string;
  privateKey: KeyObject;
  /** The APIv3 key (32 bytes) that decrypts notices' resources. */
  apiV3Key: Buffer;
  /** WeChat Pay's public key (and its id, the Wechatpay-Serial of what it signs): verifies answers and notices. */
  publicKeyId: string;
  publicKey: KeyObject;
  baseUrl: string;
  oauthBaseUrl: string;
  snsBaseUrl: string;
  /** Where WeChat Pay sends notices: MCHWEB_PUBLIC_ORIGIN + /api/pay/notify/wechat. */
  notifyUrl: string;
  /** MCHWEB_PUBLIC_ORIGIN: the OAuth redirect comes back here. */
  publicOrigin: string;
}

const REQUIRED = [
  'WECHATPAY_SP_MCHID',
  'WECHATPAY_SP_APPID',
  'WECHATPAY_SP_APPSECRET',
  'WECHATPAY_CERT_SERIAL',
  'WECHATPAY_PRIVATE_KEY_FILE',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_PUBLIC_KEY_ID',
  'WECHATPAY_PUBLIC_KEY_FILE',
] as const;

const keyOf = (pem: string, kind: 'private' | 'public') =>
  kind === 'private' ? crypto.createPrivateKey(pem) : crypto.createPublicKey(pem);

function bareKey(base64: string, kind: 'private' | 'public'): KeyObject {
  const der = Buffer.from(base64.replace(/\s+/g, ''), 'base64');
  if (kind === 'public') return crypto.createPublicKey({ key: der, format: 'der', type: 'spki' });
  try {
    return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/**
 * A key file, or the problem naming its variable (unreadable, not a key, or the other half of a pair): PEM, or the
 * bare base64 of the key's DER that Alipay's key tool writes (PKCS#8 / SPKI, or PKCS#1 for a private key).
 */
export function readKey(
  name: string,
  file: string,
  root: string,
  kind: 'private' | 'public',
  problems: string[],
): KeyObject | null {
  let pem: string;
  try {
    pem = fs.readFileSync(path.resolve(root, file), 'utf8');
  } catch (err) {
    problems.push(`${name} cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): ${file}`);
    return null;
  }
  try {
    const key = pem.includes('-----BEGIN') ? keyOf(pem, kind) : bareKey(pem, kind);
    if (key.asymmetricKeyType !== 'rsa') throw new Error(`an ${key.asymmetricKeyType} key`);
    return key;
  } catch (err) {
    problems.push(`${name} is not an RSA ${kind} key in PEM (${(err as Error).message.split('\n')[0]}): ${file}`);
    return null;
  }
}

/**
 * A real channel's settings are all or none: none set is no channel (null, no problem); some set needs all of
 * `required` and MCHWEB_PUBLIC_ORIGIN (where notices and the payer's sign-in come back), which it answers.
 */
export function channelOrigin(
  e: EnvSettings,
  required: readonly (keyof EnvSettings)[],
  channel: string,
  problems: string[],
): string | null {
  const given = required.filter((name) => e[name] !== undefined);
  if (given.length === 0) return null;
  const missing = required.filter((name) => e[name] === undefined);
  for (const name of missing)
    problems.push(`${name} is not set: ${channel} needs all of ${required.join(', ')} (${given[0]} is set)`);
  const origin = e.MCHWEB_PUBLIC_ORIGIN?.replace(/\/+$/, '');
  if (!origin || !/^https?:\/\/[^/\s]+$/.test(origin))
    problems.push(
      `MCHWEB_PUBLIC_ORIGIN must be the public origin (https://pay.example.com) when ${channel} is set: notices ` +
        'and the payer sign-in come back to it',
    );
  return missing.length > 0 || !origin ? null : origin;
}

/**
 * WeChat Pay's settings: none set is no WeChat Pay (null); some set needs all of them, readable key files and
 * MCHWEB_PUBLIC_ORIGIN (where notices and the OAuth redirect come back). Each problem names its variable.
 */
export function wechatPayConfig(e: EnvSettings, root: string, problems: string[]): WechatPayConfig | null {
  const origin = channelOrigin(e, REQUIRED, 'WeChat Pay', problems);
  if (!origin) return null;
  const privateKey = readKey('WECHATPAY_PRIVATE_KEY_FILE', e.WECHATPAY_PRIVATE_KEY_FILE!, root, 'private', problems);
  const publicKey = readKey('WECHATPAY_PUBLIC_KEY_FILE', e.WECHATPAY_PUBLIC_KEY_FILE!, root, 'public', problems);
  if (!privateKey || !publicKey) return null;
  return {
    spMchid: e.WECHATPAY_SP_MCHID!,
    spAppid: e.WECHATPAY_SP_APPID!,
    spAppSecret: e.WECHATPAY_SP_APPSECRET!,
    certSerial: e.WECHATPAY_CERT_SERIAL!.toUpperCase(),
    privateKey,
    apiV3Key: Buffer.from(e.WECHATPAY_APIV3_KEY!, 'utf8'),
    publicKeyId: e.WECHATPAY_PUBLIC_KEY_ID!,
    publicKey,
    baseUrl: (e.WECHATPAY_BASE_URL ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, ''),
    oauthBaseUrl: (e.WECHATPAY_OAUTH_BASE_URL ?? 'https://open.weixin.qq.com').replace(/\/+$/, ''),
    snsBaseUrl: (e.WECHATPAY_SNS_BASE_URL ?? 'https://api.weixin.qq.com').replace(/\/+$/, ''),
    notifyUrl: `${origin}/api/pay/notify/wechat`,
    publicOrigin: origin,
  };
}
