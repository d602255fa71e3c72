import { z } from 'zod';
import { codeNo } from '../code/code-no.ts';
import { defineEndpoint } from '../endpoint.ts';

const tags = ['Alipay (public)'];

/**
 * Alipay's side of the cashier, spoken in Alipay's protocol rather than our envelope: its notices, and the
 * auth_base sign-in that gives a payer's user id inside Alipay. Registered on every server; without ALIPAY_*
 * they answer that Alipay is not connected.
 */
export const alipayEndpoints = {
  notify: defineEndpoint({
    method: 'POST',
    path: '/api/pay/notify/alipay',
    access: 'public',
    tags,
    summary:
      "Alipay's signed (RSA2) asynchronous notice of a trade, form-encoded: the text `success` when applied " +
      '(repeats change nothing), `fail` otherwise, so Alipay sends it again',
    response: 'file',
  }),
  oauth: defineEndpoint({
    method: 'GET',
    path: '/api/pay/alipay/oauth',
    access: 'public',
    tags,
    summary: "Inside Alipay: redirects to Alipay's auth_base authorisation, which returns to /oauth/back",
    query: z.object({ codeNo }),
    response: 'file',
  }),
  oauthBack: defineEndpoint({
    method: 'GET',
    path: '/api/pay/alipay/oauth/back',
    access: 'public',
    tags,
    summary:
      "Alipay's return with the auth_code: keeps the payer's user id (HttpOnly cookie) and redirects to the code page",
    query: z.object({ auth_code: z.string().max(256).optional(), state: codeNo }),
    response: 'file',
  }),
};
