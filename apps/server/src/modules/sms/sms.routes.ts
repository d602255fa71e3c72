import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { sendSmsCode } from './sms.service.ts';

/** SMS verification codes: /sms/send (the sandbox wing adds the outbox a tester reads the codes from). */
const smsRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, opts) => {
  /** The per-address limits of the calls that guess secrets or cost money scale with AUTH_RATE_LIMIT_SCALE. */
  const scaled = { authRateLimitScale: opts.config.authRateLimitScale };
  // Per-address limit on a call that costs money, on top of the global one.
  route(app, ep.send, async (request) => ok(await sendSmsCode(app.db, opts.smsSender, request.body)), scaled);
};
export default smsRoutes;
