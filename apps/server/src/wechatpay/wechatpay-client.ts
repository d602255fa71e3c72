import type { WechatPayConfig } from './wechatpay-config.ts';
import { answerProblem, authorization } from './wechatpay-sign.ts';

/** WeChat Pay refused a request (its HTTP status and error code), or its answer could not be trusted. */
export class WechatPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`WeChat Pay ${status} ${code}: ${message}`);
    this.name = 'WechatPayError';
  }
}

export interface WechatPayAnswer {
  status: number;
  /** The answer's JSON (null for 204 No Content). */
  body: Record<string, unknown> | null;
}

const TIMEOUT_MS = 10_000;

/**
 * One signed call of WeChat Pay API v3: the request signed with our merchant key (Authorization), the answer's
 * Wechatpay-Signature checked with WeChat Pay's public key before anything of it is read (an unsigned or wrongly
 * signed answer is an error, whatever it says). A 4xx/5xx answer is thrown as a WechatPayError with its code.
 */
export async function callWechatPay(
  config: WechatPayConfig,
  method: 'GET' | 'POST',
  pathAndQuery: string,
  body?: object,
): Promise<WechatPayAnswer> {
  const text = body === undefined ? '' : JSON.stringify(body);
  const res = await fetch(`${config.baseUrl}${pathAndQuery}`, {
    method,
    headers: {
      Authorization: authorization(
        config.privateKey,
        { mchid: config.spMchid, serialNo: config.certSerial },
        method,
        pathAndQuery,
        text,
      ),
      Accept: 'application/json',
      'User-Agent': 'mchweb',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: text }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = await res.text();
  const problem = answerProblem(config.publicKey, config.publicKeyId, Object.fromEntries(res.headers), answer);
  if (problem) throw new WechatPayError(res.status, 'ANSWER_NOT_TRUSTED', problem);
  const json = answer === '' ? null : (JSON.parse(answer) as Record<string, unknown>);
  if (res.status >= 400) {
    throw new WechatPayError(
      res.status,
      String(json?.code ?? 'UNKNOWN'),
      String(json?.message ?? answer.slice(0, 200)),
    );
  }
  return { status: res.status, body: json };
}

/**
 * A file of WeChat Pay's (the trade bill's download_url): the request is signed as any other; the answer is the
 * file itself and is not signed (its hash, given by the signed answer that named the URL, is checked instead).
 */
export async function downloadWechatPay(config: WechatPayConfig, url: string): Promise<Buffer> {
  const u = new URL(url);
  const pathAndQuery = `${u.pathname}${u.search}`;
  const res = await fetch(url, {
    headers: {
      Authorization: authorization(
        config.privateKey,
        { mchid: config.spMchid, serialNo: config.certSerial },
        'GET',
        pathAndQuery,
        '',
      ),
      'User-Agent': 'mchweb',
    },
    signal: AbortSignal.timeout(TIMEOUT_MS * 3),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status >= 400) throw new WechatPayError(res.status, 'DOWNLOAD_FAILED', bytes.toString('utf8').slice(0, 200));
  return bytes;
}
