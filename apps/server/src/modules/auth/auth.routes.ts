import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changePasswordBody,
  currentUserData,
  envelopeSchema,
  loginBody,
  loginData,
  type LoginData,
  registerBody,
} from '@mchweb/contract';
import { ok } from '../../errors.ts';
import { okFrozen } from '../../frozen-answer.ts';
import type { ModuleContext } from '../../module.ts';
import { changePassword, currentUser, login, logout, register } from './auth.service.ts';

const empty = envelopeSchema(z.null());
/** A new session gets a new XSRF value bound to it (issue 25.9). */
const signedIn = (reply: FastifyReply, data: LoginData) => {
  reply.bindXsrf(data.token);
  return data;
};
const tags = ['auth'];

/** Signing in and out, registering, the password, and the signed-in user with menu and buttons. */
const authRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, opts) => {
  /** Per-address limits on the calls that guess secrets, on top of the global one. */
  const strict = (max: number) => ({ rateLimit: { max: max * opts.config.authRateLimitScale, timeWindow: 60_000 } });
  app.post('/register', {
    config: { access: 'public', ...strict(20) },
    schema: {
      tags,
      summary: 'Register with a mobile, its SMS code and a password',
      body: registerBody,
      response: { 200: envelopeSchema(loginData) },
    },
    handler: async (request, reply) => ok(signedIn(reply, await register(app.db, request.actor, request.body))),
  });
  app.post('/login', {
    config: { access: 'public', ...strict(30) },
    schema: {
      tags,
      summary: 'Sign in with mobile or username and password',
      body: loginBody,
      response: { 200: envelopeSchema(loginData) },
    },
    handler: async (request, reply) => ok(signedIn(reply, await login(app.db, request.actor, request.body))),
  });
  app.post('/logout', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'End this session', response: { 200: empty } },
    handler: async (request) => ok(await logout(app.db, request.actor).then(() => null)),
  });
  app.post('/user/changePassword', {
    config: { access: 'signedIn', ...strict(10) },
    schema: {
      tags,
      summary: "Change the password; ends the user's other sessions",
      body: changePasswordBody,
      response: { 200: empty },
    },
    handler: async (request) => ok(await changePassword(app.db, request.actor, request.body).then(() => null)),
  });
  app.get('/user/getCurrentUser', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'The signed-in user, menu and buttons; data null when not signed in',
      response: { 200: envelopeSchema(currentUserData) },
    },
    // The same frozen answer while the access cache holds its parts: encoded once (frozen-answer.ts).
    handler: async (request) =>
      okFrozen(await currentUser(app.db, request.actor, (key, load) => app.accessCache.get(key, load))),
  });
};
export default authRoutes;
