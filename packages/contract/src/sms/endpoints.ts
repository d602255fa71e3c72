import { defineEndpoint } from '../endpoint.ts';
import { smsSendBody, smsSendData } from '../auth/schemas.ts';

export const smsEndpoints = {
  send: defineEndpoint({
    method: 'POST',
    path: '/api/merchant/sms/send',
    access: 'public',
    rateLimit: { perMinute: 10, authScaled: true },
    tags: ['auth'],
    summary: 'Send an SMS verification code',
    body: smsSendBody,
    response: smsSendData,
  }),
};
