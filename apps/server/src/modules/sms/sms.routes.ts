import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema, smsSendBody, smsSendData } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { sendSmsCode } from './sms.service.ts';

/** SMS verification codes: /sms/send (the sandbox wing adds the outbox a tester reads the codes from). */
const smsRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, opts) => {
  app.post('/sms/send', {
    // Per-address limit on a call that costs money, on top of the global one.
    config: { access: 'public', rateLimit: { max: 10 * opts.config.authRateLimitScale, timeWindow: 60_000 } },
    schema: {
      tags: ['auth'],
      summary: 'Send an SMS verification code',
      body: smsSendBody,
      response: { 200: envelopeSchema(smsSendData) },
    },
    handler: async (request) => ok(await sendSmsCode(app.db, opts.smsSender, request.body)),
  });
};
export default smsRoutes;
