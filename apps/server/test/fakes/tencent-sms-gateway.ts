import type http from 'node:http';
import { hmac, requestId, sameText, sha256hex, startGateway, type SmsGateway } from './sms-gateway.ts';

/**
 * A local Tencent Cloud SMS endpoint (API 2021-01-11) checking the TC3-HMAC-SHA256 signature as the service
 * documents it: the canonical request is the method, `/`, the query, the signed headers (`content-type`,
 * `host` without its port, lower-case) and their names, and the body's SHA-256; the string to sign adds the
 * `X-TC-Timestamp` (at most 5 minutes off) and the credential scope `day/sms/tc3_request`; the key is HMAC-SHA256
 * chained from `TC3` + SecretKey over the day, the service and `tc3_request`. Answers like the service: HTTP 200
 * with `Response.Error` for a refused call (AuthFailure.SignatureFailure, AuthFailure.SecretIdNotFound,
 * FailedOperation.TemplateIncorrectOrUnapproved), and a number's own refusal (LimitExceeded.PhoneNumberDailyLimit)
 * in its `SendStatusSet` entry of a successful answer.
 */
export async function startTencentSmsGateway(opts: {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templates: string[];
}): Promise<SmsGateway> {
  const gateway: Omit<SmsGateway, 'port' | 'close'> = { sent: [], calls: [], mode: 'ok', delayMs: 0 };
  const error = (action: string, code: string, message: string) => {
    gateway.calls.push({ action, refused: code });
    return { status: 200, json: { Response: { Error: { Code: code, Message: message }, RequestId: requestId() } } };
  };
  const handle = (req: http.IncomingMessage, body: Buffer) => {
    const action = String(req.headers['x-tc-action']);
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([a-z]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        String(req.headers.authorization),
      );
    if (!auth) return error(action, 'AuthFailure.InvalidAuthorization', 'Authorization is invalid.');
    const [, secretId, day, service, signedHeaders, signature] = auth as unknown as string[] as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (secretId !== opts.secretId) return error(action, 'AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(req.headers['x-tc-timestamp']);
    if (!(Math.abs(Date.now() / 1000 - timestamp) <= 300))
      return error(action, 'AuthFailure.SignatureExpire', 'Signature expired.');
    if (service !== 'sms' || day !== new Date(timestamp * 1000).toISOString().slice(0, 10))
      return error(action, 'AuthFailure.InvalidAuthorization', 'The credential scope is wrong.');
    const headerValue = (name: string) => {
      const value = String(req.headers[name] ?? '').trim();
      return name === 'host' ? value.replace(/:\d+$/, '') : value;
    };
    const names = signedHeaders.split(';');
    if (!names.includes('host') || !names.includes('content-type'))
      return error(action, 'AuthFailure.InvalidAuthorization', 'SignedHeaders must include content-type and host.');
    const url = new URL(req.url ?? '/', 'http://gateway');
    const headers = names.map((n) => `${n}:${headerValue(n)}\n`).join('');
    const canonical = [req.method, url.pathname, url.search.slice(1), headers, signedHeaders, sha256hex(body)].join(
      '\n',
    );
    const toSign = ['TC3-HMAC-SHA256', String(timestamp), `${day}/sms/tc3_request`, sha256hex(canonical)].join('\n');
    const key = hmac(hmac(hmac(`TC3${opts.secretKey}`, day), 'sms'), 'tc3_request');
    if (!sameText(hmac(key, toSign).toString('hex'), signature))
      return error(
        action,
        'AuthFailure.SignatureFailure',
        'The provided credentials could not be validated. Please check your signature is correct.',
      );
    const input = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    const ok = (response: object) => {
      gateway.calls.push({ action });
      return { status: 200, json: { Response: { ...response, RequestId: requestId() } } };
    };
    if (action === 'DescribeSmsTemplateList') {
      const ids = (input.TemplateIdSet as number[]) ?? [];
      const known = ids.filter((id) => opts.templates.includes(String(id)));
      return ok({
        DescribeTemplateStatusSet: known.map((id) => ({
          TemplateId: id,
          International: 0,
          StatusCode: 0,
          ReviewReply: '',
          TemplateName: `template ${id}`,
          CreateTime: 1767600000,
          TemplateContent: '您的验证码为{1}，5分钟内有效。',
        })),
      });
    }
    if (action !== 'SendSms') return error(action, 'InvalidAction', `The action ${action} does not exist.`);
    if (input.SmsSdkAppId !== opts.sdkAppId)
      return error(action, 'InvalidParameterValue.SdkAppIdNotExist', 'The SdkAppId does not exist.');
    if (input.SignName !== opts.signName)
      return error(action, 'FailedOperation.SignatureIncorrectOrUnapproved', 'The signature is unapproved.');
    const template = String(input.TemplateId);
    if (!opts.templates.includes(template))
      return error(action, 'FailedOperation.TemplateIncorrectOrUnapproved', 'The template is incorrect or unapproved.');
    const phone = String((input.PhoneNumberSet as string[])[0]);
    const status = (code: string, message: string) => ({
      SerialNo: `2640:${Date.now()}`,
      PhoneNumber: phone,
      Fee: code === 'Ok' ? 1 : 0,
      SessionContext: '',
      Code: code,
      Message: message,
      IsoCode: 'CN',
    });
    if (gateway.mode === 'throttle')
      return ok({
        SendStatusSet: [
          status(
            'LimitExceeded.PhoneNumberDailyLimit',
            'the number of sms messages sent from a single mobile number every day exceeds the upper limit',
          ),
        ],
      });
    gateway.sent.push({
      mobile: phone,
      signName: opts.signName,
      template,
      params: input.TemplateParamSet,
    });
    return ok({ SendStatusSet: [status('Ok', 'send success')] });
  };
  return startGateway(handle, gateway);
}
