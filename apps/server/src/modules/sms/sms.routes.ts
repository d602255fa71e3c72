import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { envelopeSchema, smsEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { sendSmsCode } from './sms.service.ts';
import { smsOutbox } from './sms.tables.ts';

/** SMS verification codes: /sms/send, and in the sandbox the outbox a tester reads the codes from. */
const smsRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, opts) => {
  /** The per-address limits of the calls that guess secrets or cost money scale with AUTH_RATE_LIMIT_SCALE. */
  const scaled = { authRateLimitScale: opts.config.authRateLimitScale };
  // Per-address limit on a call that costs money, on top of the global one.
  route(app, ep.send, async (request) => ok(await sendSmsCode(app.db, opts.smsSender, request.body)), scaled);

  if (opts.config.sandbox) {
    // Sandbox only: lets a tester (and the end-to-end tests) read the codes the development SMS sender "sent".
    app.get('/dev/sms-outbox', {
      config: { access: 'public' },
      schema: {
        tags: ['sandbox'],
        querystring: z.strictObject({ mobile: z.string().max(20) }),
        response: {
          200: envelopeSchema(z.array(z.object({ scene: z.string(), text: z.string(), createdAt: z.date() }))),
        },
      },
      handler: async (request) =>
        ok(
          await app.db
            .select({ scene: smsOutbox.scene, text: smsOutbox.text, createdAt: smsOutbox.createdAt })
            .from(smsOutbox)
            .where(eq(smsOutbox.mobile, request.query.mobile))
            .orderBy(desc(smsOutbox.id))
            .limit(10),
        ),
    });
  }
};
export default smsRoutes;
