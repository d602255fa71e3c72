import type { FastifyReply } from 'fastify';
import { tagsOfKey } from '../../access-cache.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints as ep, type LoginData } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import { okFrozen } from '../../frozen-answer.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import { changePassword, currentUser, login, logout, register } from './auth.service.ts';

/** A new session gets a new XSRF value bound to it (issue 25.9). */
const signedIn = (reply: FastifyReply, data: LoginData) => {
  reply.bindXsrf(data.token);
  return data;
};

/** Signing in and out, registering, the password, and the signed-in user with menu and buttons. */
const authRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, opts) => {
  /** The per-address limits of the calls that guess secrets or cost money scale with AUTH_RATE_LIMIT_SCALE. */
  const scaled = { authRateLimitScale: opts.config.authRateLimitScale };
  route(
    app,
    ep.register,
    async (request, reply) => ok(signedIn(reply, await register(app.db, request.actor, request.body))),
    scaled,
  );
  route(
    app,
    ep.login,
    async (request, reply) => ok(signedIn(reply, await login(app.db, request.actor, request.body))),
    scaled,
  );
  route(app, ep.logout, async (request) => ok(await logout(app.db, request.actor).then(() => null)));
  route(
    app,
    ep.changePassword,
    async (request) => ok(await changePassword(app.db, request.actor, request.body).then(() => null)),
    scaled,
  );
  // The same frozen answer while the access cache holds its parts: encoded once (frozen-answer.ts).
  route(app, ep.currentUser, async (request) =>
    okFrozen(
      await currentUser(app.db, request.actor, (key, load) =>
        app.accessCache.get(key, load, undefined, tagsOfKey(key) && (() => tagsOfKey(key)!)),
      ),
    ),
  );
};
export default authRoutes;
