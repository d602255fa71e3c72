import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  currentUserData,
  envelopeSchema,
  loginBody,
  loginData,
  registerBody,
  smsSendBody,
  smsSendData,
} from '@mchweb/contract';
import type { Config } from '../../config.ts';
import { ok } from '../../plugins/envelope.ts';
import type { SmsSender } from './sms.sender.ts';
import { sendSmsCode } from './sms.service.ts';
import { changePassword, currentUser, login, logout, register } from './auth.service.ts';
import { desc, eq } from 'drizzle-orm';
import { smsOutbox } from './auth.tables.ts';

const empty = envelopeSchema(z.null());
const tag = ['auth'];
/** Per-address limits on the calls that cost money or guess secrets, on top of the global one. */

const authRoutes: FastifyPluginAsyncZod<{ smsSender: SmsSender; config: Config }> = async (app, opts) => {
  const strict = (max: number) => ({ rateLimit: { max: max * opts.config.authRateLimitScale, timeWindow: 60_000 } });
  app.post('/sms/send', {
    config: { access: 'public', ...strict(10) },
    schema: {
      tags: tag,
      summary: 'Send an SMS verification code',
      body: smsSendBody,
      response: { 200: envelopeSchema(smsSendData) },
    },
    handler: async (request) => ok(await sendSmsCode(app.db, opts.smsSender, request.body)),
  });
  app.post('/register', {
    config: { access: 'public', ...strict(20) },
    schema: {
      tags: tag,
      summary: 'Register with a mobile, its SMS code and a password',
      body: registerBody,
      response: { 200: envelopeSchema(loginData) },
    },
    handler: async (request) => ok(await register(app.db, request, request.body)),
  });
  app.post('/login', {
    config: { access: 'public', ...strict(30) },
    schema: {
      tags: tag,
      summary: 'Sign in with mobile or username and password',
      body: loginBody,
      response: { 200: envelopeSchema(loginData) },
    },
    handler: async (request) => ok(await login(app.db, request, request.body)),
  });
  app.post('/logout', {
    config: { access: 'signedIn' },
    schema: { tags: tag, summary: 'End this session', response: { 200: empty } },
    handler: async (request) => ok(await logout(app.db, request).then(() => null)),
  });
  app.post('/user/changePassword', {
    config: { access: 'signedIn', ...strict(10) },
    schema: {
      tags: tag,
      summary: "Change the password; ends the user's other sessions",
      body: changePasswordBody,
      response: { 200: empty },
    },
    handler: async (request) => ok(await changePassword(app.db, request, request.body).then(() => null)),
  });
  app.get('/user/getCurrentUser', {
    config: { access: 'public' },
    schema: {
      tags: tag,
      summary: 'The signed-in user, menu and buttons; data null when not signed in',
      response: { 200: envelopeSchema(currentUserData) },
    },
    handler: async (request) => ok(await currentUser(app.db, request)),
  });

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
export default authRoutes;
