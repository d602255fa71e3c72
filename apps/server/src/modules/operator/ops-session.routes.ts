import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { opsEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import { route } from '../../route.ts';
import {
  changeOperatorPassword,
  operatorLogin,
  operatorLogout,
  operatorMe,
  totpEnrolment,
  verifyOperatorCode,
} from './operator-auth.service.ts';
import type { OperatorSignIn } from './operator-session.service.ts';

/** The access plugin has put the session there on every route but the password step. */
const signInOf = (request: FastifyRequest): OperatorSignIn => request.operatorSignIn!;

/** Signing in (password, then TOTP code), the enrolment of an authenticator, the session itself. */
export const opsSessionRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config }) => {
  const authRateLimitScale = config.authRateLimitScale;
  route(
    app,
    ep.login,
    async (request, reply) => {
      const data = await operatorLogin(app.db, request.actor, request.body);
      // The XSRF value is bound to the new session, as at the merchant's sign-in.
      reply.bindXsrf(data.token);
      return ok(data);
    },
    { authRateLimitScale },
  );
  route(app, ep.totpEnrolment, async (request) => ok(await totpEnrolment(app.db, signInOf(request))));
  route(
    app,
    ep.totpVerify,
    async (request) => ok(await verifyOperatorCode(app.db, request.actor, signInOf(request), request.body.code)),
    { authRateLimitScale },
  );
  route(app, ep.logout, async (request) => {
    await operatorLogout(app.db, request.actor, signInOf(request));
    return ok(null);
  });
  route(app, ep.me, async (request) => ok(await operatorMe(app.db, signInOf(request))));
  route(
    app,
    ep.changePassword,
    async (request) => {
      await changeOperatorPassword(app.db, request.actor, request.body);
      return ok(null);
    },
    { authRateLimitScale },
  );
};
