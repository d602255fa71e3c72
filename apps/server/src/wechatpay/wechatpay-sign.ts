import crypto, { type KeyObject } from 'node:crypto';

// WeChat Pay API v3's signatures and encryption (pay.weixin.qq.com/doc/v3/partner: 签名生成, 签名验证, 回调报文解密),
// with node:crypto: every request is signed with the service provider's merchant private key; every answer and
// notice carries WeChat Pay's signature, checked with the WeChat Pay public key; a notice's resource is encrypted
// with the APIv3 key (AEAD_AES_256_GCM). The fake gateway of the tests uses the same functions from the other side.

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';

export const nonce = () => crypto.randomBytes(16).toString('hex');

const sign = (message: string, key: KeyObject) => crypto.sign('sha256', Buffer.from(message), key).toString('base64');

/** The request's signed message: method, path with query, timestamp (seconds), nonce and body, one per line. */
export const requestMessage = (
  method: string,
  pathAndQuery: string,
  timestamp: string,
  nonceStr: string,
  body: string,
) => `${method}\n${pathAndQuery}\n${timestamp}\n${nonceStr}\n${body}\n`;

/** The `Authorization` header of a request (the serial is the merchant certificate's, WECHATPAY_CERT_SERIAL). */
export function authorization(
  key: KeyObject,
  who: { mchid: string; serialNo: string },
  method: string,
  pathAndQuery: string,
  body: string,
  at = new Date(),
): string {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const nonceStr = nonce();
  const signature = sign(requestMessage(method, pathAndQuery, timestamp, nonceStr, body), key);
  return `${AUTH_SCHEMA} mchid="${who.mchid}",nonce_str="${nonceStr}",signature="${signature}",timestamp="${timestamp}",serial_no="${who.serialNo}"`;
}

/** The fields of an `Authorization` header (`mchid`, `nonce_str`, `signature`, `timestamp`, `serial_no`), or null. */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return null;
  const fields: Record<string, string> = {};
  for (const m of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) fields[m[1]!] = m[2]!;
  return fields;
}

export const verifyRequest = (
  key: KeyObject,
  method: string,
  pathAndQuery: string,
  body: string,
  fields: Record<string, string>,
) =>
  verify(
    requestMessage(method, pathAndQuery, fields.timestamp ?? '', fields.nonce_str ?? '', body),
    fields.signature ?? '',
    key,
  );

/** The headers WeChat Pay signs an answer or a notice with. */
export interface SignedHeaders {
  'wechatpay-timestamp': string;
  'wechatpay-nonce': string;
  'wechatpay-signature': string;
  'wechatpay-serial': string;
}

/** An answer's or notice's signed message: timestamp, nonce and body, one per line. */
const answerMessage = (timestamp: string, nonceStr: string, body: string) => `${timestamp}\n${nonceStr}\n${body}\n`;

/** Sign an answer or notice body as WeChat Pay does (the fake gateway's side). */
export function signAnswer(key: KeyObject, keyId: string, body: string, at = new Date()): SignedHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const nonceStr = nonce();
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonceStr,
    'wechatpay-signature': sign(answerMessage(timestamp, nonceStr, body), key),
    'wechatpay-serial': keyId,
  };
}

function verify(message: string, signature: string, key: KeyObject): boolean {
  try {
    return crypto.verify('sha256', Buffer.from(message), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** Why a signed answer or notice is refused, or null when it is WeChat Pay's. */
export function answerProblem(
  key: KeyObject,
  keyId: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  opts: { now?: Date; maxAgeSeconds?: number } = {},
): string | null {
  const h = (name: keyof SignedHeaders) => {
    const v = headers[name];
    return typeof v === 'string' ? v : undefined;
  };
  const [timestamp, nonceStr, signature, serial] = [
    h('wechatpay-timestamp'),
    h('wechatpay-nonce'),
    h('wechatpay-signature'),
    h('wechatpay-serial'),
  ];
  if (!timestamp || !nonceStr || !signature || !serial) return 'Wechatpay-* signature headers missing';
  // A serial other than our public key's id: WeChat Pay answers with a key we do not hold (or someone else does).
  if (serial !== keyId) return `Wechatpay-Serial ${serial} is not WECHATPAY_PUBLIC_KEY_ID`;
  if (!verify(answerMessage(timestamp, nonceStr, body), signature, key)) return 'Wechatpay-Signature does not verify';
  if (opts.maxAgeSeconds !== undefined) {
    const age = (opts.now ?? new Date()).getTime() / 1000 - Number(timestamp);
    if (!Number.isFinite(age) || Math.abs(age) > opts.maxAgeSeconds)
      return `Wechatpay-Timestamp is ${Math.round(age)} s old (more than ${opts.maxAgeSeconds} s)`;
  }
  return null;
}

/** A notice's encrypted resource (回调报文的 resource). */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

/** AEAD_AES_256_GCM with the APIv3 key (32 bytes): the ciphertext is the encrypted bytes and the 16-byte tag. */
export function decryptResource(apiV3Key: Buffer, r: EncryptedResource): string {
  if (r.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unknown resource algorithm ${r.algorithm}`);
  const data = Buffer.from(r.ciphertext, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(r.nonce));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(r.associated_data ?? ''));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

export function encryptResource(apiV3Key: Buffer, plaintext: string, associatedData: string, originalType: string) {
  const iv = crypto.randomBytes(6).toString('hex'); // 12 characters, as WeChat Pay's nonces are
  const cipher = crypto.createCipheriv('aes-256-gcm', apiV3Key, Buffer.from(iv));
  cipher.setAAD(Buffer.from(associatedData));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associatedData,
    nonce: iv,
    original_type: originalType,
  } satisfies EncryptedResource;
}

/** The JSAPI pay parameters WeixinJSBridge's getBrandWCPayRequest takes, paySign over appId, time, nonce, package. */
export function jsapiParams(key: KeyObject, appId: string, prepayId: string, at = new Date()): Record<string, string> {
  const timeStamp = String(Math.floor(at.getTime() / 1000));
  const nonceStr = nonce();
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr,
    package: pkg,
    signType: 'RSA',
    paySign: sign(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, key),
  };
}

export const verifyJsapiParams = (key: KeyObject, p: Record<string, string>) =>
  verify(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`, p.paySign ?? '', key);
