import { z } from 'zod';
import { codeNo } from '../code/code-no.ts';
import { defineEndpoint } from '../endpoint.ts';

const tags = ['WeChat Pay (public)'];

/**
 * WeChat Pay's side of the cashier, spoken in WeChat Pay's protocol rather than our envelope: its notices, and
 * the snsapi_base sign-in that gives a payer's openid inside WeChat. Registered on every server; without
 * WECHATPAY_* they answer that WeChat Pay is not connected.
 */
export const wechatPayEndpoints = {
  notify: defineEndpoint({
    method: 'POST',
    path: '/api/pay/notify/wechat',
    access: 'public',
    tags,
    summary:
      "WeChat Pay's signed, encrypted notice of a payment's or refund's result: 204 when applied (repeats change " +
      'nothing), 4xx/5xx JSON {code, message} when refused, so WeChat Pay resends it',
    response: 'file',
  }),
  oauth: defineEndpoint({
    method: 'GET',
    path: '/api/pay/wechat/oauth',
    access: 'public',
    tags,
    summary: "Inside WeChat: redirects to WeChat's snsapi_base authorisation, which returns to /oauth/back",
    query: z.object({ codeNo }),
    response: 'file',
  }),
  oauthBack: defineEndpoint({
    method: 'GET',
    path: '/api/pay/wechat/oauth/back',
    access: 'public',
    tags,
    summary: "WeChat's return with the code: keeps the payer's openid (HttpOnly cookie) and redirects to the code page",
    query: z.object({ code: z.string().max(256).optional(), state: codeNo }),
    response: 'file',
  }),
};
