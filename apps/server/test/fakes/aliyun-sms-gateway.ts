import type http from 'node:http';
import { hmac, requestId, sameText, sha256hex, startGateway, type SmsGateway } from './sms-gateway.ts';

/** RFC 3986 percent-encoding, as Alibaba Cloud's V3 signature specifies for the canonical query. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A local Alibaba Cloud SMS endpoint (dysmsapi, RPC style, version 2017-05-25) checking the V3 signature
 * (ACS3-HMAC-SHA256) as the service documents it: the canonical request is the method, the path, the sorted
 * encoded query, the signed headers (`host`, `content-type` and every `x-acs-*`, lower-case, sorted, `name:value`)
 * and their names, and the body's SHA-256 (which `x-acs-content-sha256` must equal); the signature is the hex
 * HMAC-SHA256, with the AccessKey secret, of `ACS3-HMAC-SHA256\n` + the canonical request's hex SHA-256. Answers
 * like the service: SendSms's `Code` "OK" or its refusal (isv.BUSINESS_LIMIT_CONTROL, isv.SMS_TEMPLATE_ILLEGAL)
 * with HTTP 200; a bad signature or unknown key as HTTP 400 / 404 with the error's Code.
 */
export async function startAliyunSmsGateway(opts: {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templates: string[];
}): Promise<SmsGateway> {
  const gateway: Omit<SmsGateway, 'port' | 'close'> = { sent: [], calls: [], mode: 'ok', delayMs: 0 };
  const refuse = (status: number, action: string, code: string, message: string) => {
    gateway.calls.push({ action, refused: code });
    return { status, json: { RequestId: requestId(), HostId: 'dysmsapi.aliyuncs.com', Code: code, Message: message } };
  };
  const handle = (req: http.IncomingMessage, body: Buffer) => {
    const action = String(req.headers['x-acs-action']);
    const url = new URL(req.url ?? '/', 'http://gateway');
    const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(
      String(req.headers.authorization),
    );
    if (!auth) return refuse(400, action, 'MissingAuthorization', 'Authorization is mandatory for this action.');
    const [, keyId, signedHeaders, signature] = auth as unknown as [string, string, string, string];
    if (keyId !== opts.accessKeyId)
      return refuse(404, action, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (sha256hex(body) !== req.headers['x-acs-content-sha256'])
      return refuse(400, action, 'ContentSHA256NotMatched', 'The x-acs-content-sha256 does not match the body.');
    const names = signedHeaders.split(';');
    const required = ['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce'];
    if (required.some((n) => !names.includes(n)))
      return refuse(400, action, 'IncompleteSignature', 'The request signature does not conform to standards.');
    const age = Math.abs(Date.now() - Date.parse(String(req.headers['x-acs-date'])));
    if (!(age < 15 * 60_000)) return refuse(400, action, 'InvalidTimeStamp.Expired', 'Specified time stamp expired.');
    const query = [...url.searchParams.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .join('&');
    const headers = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join('');
    const canonical = [req.method, url.pathname, query, headers, signedHeaders, sha256hex(body)].join('\n');
    const expected = hmac(opts.accessKeySecret, `ACS3-HMAC-SHA256\n${sha256hex(canonical)}`).toString('hex');
    if (!sameText(expected, signature))
      return refuse(
        400,
        action,
        'SignatureDoesNotMatch',
        `Specified signature is not matched with our calculation. server string to sign is:${sha256hex(canonical)}`,
      );
    // RPC parameters come in the query (or a form body).
    const params = new URLSearchParams(url.search);
    for (const [k, v] of new URLSearchParams(body.toString('utf8'))) params.set(k, v);
    const ok = (more: object) => {
      gateway.calls.push({ action });
      return { status: 200, json: { RequestId: requestId(), Code: 'OK', Message: 'OK', ...more } };
    };
    const answer = (code: string, message: string) => {
      gateway.calls.push({ action, refused: code });
      return { status: 200, json: { RequestId: requestId(), Code: code, Message: message } };
    };
    if (action === 'QuerySmsSign') {
      if (params.get('SignName') !== opts.signName) return answer('isv.SMS_SIGN_ILLEGAL', '签名不合法');
      return ok({ SignName: opts.signName, SignStatus: 1, CreateDate: '2026-01-05 10:00:00', Reason: '' });
    }
    if (action !== 'SendSms') return refuse(404, action, 'InvalidAction.NotFound', 'Specified api is not found.');
    if (gateway.mode === 'throttle') return answer('isv.BUSINESS_LIMIT_CONTROL', '触发号码天级流控Permits:10');
    if (params.get('SignName') !== opts.signName) return answer('isv.SMS_SIGNATURE_ILLEGAL', '签名不合法');
    const template = params.get('TemplateCode') ?? '';
    if (!opts.templates.includes(template)) return answer('isv.SMS_TEMPLATE_ILLEGAL', '模板不合法(不存在或被拉黑)');
    const mobile = params.get('PhoneNumbers') ?? '';
    if (!/^1\d{10}$/.test(mobile)) return answer('isv.MOBILE_NUMBER_ILLEGAL', '非法手机号');
    gateway.sent.push({
      mobile,
      signName: opts.signName,
      template,
      params: JSON.parse(params.get('TemplateParam') ?? '{}') as unknown,
    });
    return ok({ BizId: `${Date.now()}^0` });
  };
  return startGateway(handle, gateway);
}
