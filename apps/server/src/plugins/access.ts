import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code, isApiKeyScope, isPermission, MERCHANT_API_V1, type Access, type ApiKeyScope } from '@mchweb/contract';
import { ACCESS_CHANNEL, AccessCache } from '../access-cache.ts';
import { anonymousActor, memberBlock, type Actor } from '../actor.ts';
import { M } from '../i18n/messages.ts';
import { languageOf } from '../i18n/text.ts';
import { memberAccess } from '../modules/company/index.ts';
import { hashToken, lookupSession } from '../modules/session/index.ts';
import { sendEnvelope } from './envelope.ts';

/**
 * Who may call a route (declared with each endpoint in @mchweb/contract, see its `Access`). Every API route
 * declares one in `config.access`; registering a route without it fails at start-up, so no route is left open by
 * forgetting.
 */
export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A POST that only reads (the seed's client sends its queries, filters in the body, as POST): it changes
     * nothing, so it neither empties the access cache when it answers nor is kept from reading it, like a GET.
     */
    readOnly?: boolean;
    /**
     * A merchant API route (/api/v1, issue 30): the scope an API key needs for it, or 'none' (its OpenAPI
     * document). Those routes take API keys, never sessions: this plugin leaves them to the developer module.
     */
    apiScope?: ApiKeyScope | 'none';
  }
  interface FastifyInstance {
    accessCache: AccessCache;
  }
  interface FastifyRequest {
    /** Who is calling: built here before validation, on every route that declares `config.access`. */
    actor: Actor;
  }
}

export const TOKEN_HEADER = 'token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function accessPlugin(app: FastifyInstance, opts: { cacheMs?: number }) {
  app.decorateRequest('actor', null as unknown as Actor);
  // This app's own notices come back too: its cache was emptied when it sent them, so they are passed over (a
  // second emptying would throw away what was loaded since).
  const me = randomUUID();
  const announce = () =>
    void app.database.notify(ACCESS_CHANNEL, me).catch((err) => app.log.warn({ err }, 'access change not announced'));
  const cache = new AccessCache(opts.cacheMs ?? 0, undefined, announce);
  app.decorate('accessCache', cache);
  if (cache.ttlMs > 0) {
    const stopListening = await app.database.listen(ACCESS_CHANNEL, (sender) => {
      if (sender !== me) cache.forgetLocal();
    });
    app.addHook('onClose', stopListening);
  }
  // Any write may end sessions or change roles and memberships: forget cached lookups before the caller sees
  // the answer, so its next call reads the new state (the write's transaction has committed by now).
  const reads = (request: FastifyRequest) =>
    SAFE_METHODS.has(request.method) || request.routeOptions.config.readOnly === true;
  app.addHook('onSend', async (request) => {
    if (!reads(request)) app.accessCache.invalidate();
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (route.url.startsWith(`${MERCHANT_API_V1}/`)) {
      const scope = route.config?.apiScope;
      if (route.config?.access || !scope || !(scope === 'none' || isApiKeyScope(scope))) {
        throw new Error(`Route ${route.method} ${route.url} declares no valid config.apiScope (and no access)`);
      }
      return;
    }
    const access = route.config?.access;
    if (!access || !(access === 'public' || access === 'signedIn' || access === 'member' || isPermission(access))) {
      throw new Error(`Route ${route.method} ${route.url} declares no valid config.access`);
    }
  });

  /**
   * A lookup through the cache for a read (a GET or a read-only POST); a call that may change something is never
   * authorised from a cached entry (a session ended or a role changed a moment ago, in another process, must not
   * let it through).
   */
  const lookup = <T>(request: FastifyRequest, key: string, load: () => Promise<T>, keep?: (v: T) => boolean) =>
    reads(request) ? app.accessCache.get(key, load, keep) : load();

  /** The signed-in actor of a valid session, its membership in the session's company looked up once. */
  async function userActor(
    request: FastifyRequest,
    session: { sessionId: number; userId: number; companyId: number | null },
  ): Promise<Actor> {
    const { userId, companyId } = session;
    const member =
      companyId === null
        ? null
        : await lookup(request, `member:${userId}:${companyId}`, () => memberAccess(app.db, userId, companyId));
    return {
      ...anonymousActor(request.ip, languageOf(request)),
      kind: 'user',
      userId,
      sessionId: session.sessionId,
      companyId,
      member,
      userAgent: request.headers['user-agent'],
    };
  }

  // Before body validation: a caller without a session learns that first, not what is wrong with its body.
  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    request.actor = { ...anonymousActor(request.ip, languageOf(request)), userAgent: request.headers['user-agent'] };
    const token = request.headers[TOKEN_HEADER];
    if (typeof token === 'string' && token.length > 0 && token.length < 200) {
      // Only valid sessions are kept: an unknown or ended token always asks the database.
      const found = await lookup(
        request,
        `session:${hashToken(token)}`,
        () => lookupSession(app.db, token),
        (f) => f.ok,
      );
      if (found.ok) request.actor = await userActor(request, found.session);
      else if (access !== 'public') {
        return found.replaced
          ? sendEnvelope(reply, Code.SESSION_REPLACED, M.sessionReplaced)
          : sendEnvelope(reply, Code.UNAUTHORIZED, M.sessionExpired);
      }
    }
    if (access === 'public') return;
    const actor = request.actor;
    if (actor.kind !== 'user') return sendEnvelope(reply, Code.UNAUTHORIZED, M.signInFirst);
    if (access === 'signedIn') return;

    if (actor.companyId === null) return sendEnvelope(reply, Code.FORBIDDEN, M.chooseOrCreateCompany);
    const block = memberBlock(actor.member);
    if (block) return sendEnvelope(reply, block.code, block.text);
    if (access !== 'member' && !actor.member!.permissions.has(access)) {
      return sendEnvelope(reply, Code.FORBIDDEN, M.roleForbids);
    }
  });
}

export default fp(accessPlugin, { name: 'access', dependencies: ['database', 'envelope'] });
