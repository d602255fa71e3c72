import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  Code,
  isApiKeyScope,
  isOpsPermission,
  isPermission,
  MERCHANT_API_V1,
  type Access,
  type ApiKeyScope,
  type OpsPermission,
} from '@mchweb/contract';
import {
  ACCESS_CHANNEL,
  ALL,
  AccessCache,
  companyTag,
  noticeOf,
  parseNotice,
  userTag,
  type Tags,
} from '../access-cache.ts';
import { anonymousActor, memberBlock, operatorActor, type Actor } from '../actor.ts';
import { M } from '../i18n/messages.ts';
import { languageOf } from '../i18n/text.ts';
import { memberAccess } from '../modules/company/index.ts';
import { isOperatorToken, lookupOperatorSession, type OperatorSignIn } from '../modules/operator/index.ts';
import { lookupSession } from '../modules/session/index.ts';
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
    /** The operator session of a call under /api/ops/ (at either step of the sign-in), else null. */
    operatorSignIn: OperatorSignIn | null;
  }
}

export const TOKEN_HEADER = 'token';
const OPS_PREFIX = '/api/ops/';

/** The access values of the console's routes (plus `public`, which its password step declares). */
const isOpsAccess = (access: string): boolean =>
  access === 'opsCode' || access === 'operator' || isOpsPermission(access);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The cached lookups a write may have changed. A member's: their own sessions, user and memberships, and their
 * current organisation's members, roles and merchants (staff, roles and merchant scope are managed inside the
 * current organisation; a call about another one names it itself, as /company/breakBind does). The payer's and the
 * channels' calls (/api/pay/: orders, notices, the onboarding form) touch none of them, nor does a path that is no
 * route. Any other public call (signing in ends the user's other sessions, and who that is is known only inside
 * it): everything.
 */
export function changedBy(request: FastifyRequest): Tags {
  const access = request.routeOptions.config?.access;
  if (!access || request.url.startsWith('/api/pay/')) return [];
  const actor = request.actor as Actor | null;
  if (access === 'public' || actor?.kind !== 'user' || actor.userId === null) return ALL;
  return actor.companyId === null ? [userTag(actor.userId)] : [userTag(actor.userId), companyTag(actor.companyId)];
}

const sessionTags = (s: { userId: number; companyId: number | null }) =>
  s.companyId === null ? [userTag(s.userId)] : [userTag(s.userId), companyTag(s.companyId)];

async function accessPlugin(app: FastifyInstance, opts: { cacheMs?: number }) {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('operatorSignIn', null);
  // This app's own notices come back too: its cache was emptied when it sent them, so they are passed over (a
  // second emptying would throw away what was loaded since).
  const me = randomUUID();
  const announce = (tags: Tags) =>
    void app.database
      .notify(ACCESS_CHANNEL, noticeOf(me, tags))
      .catch((err) => app.log.warn({ err }, 'access change not announced'));
  const cache = new AccessCache(opts.cacheMs ?? 0, undefined, announce);
  app.decorate('accessCache', cache);
  if (cache.ttlMs > 0) {
    const stopListening = await app.database.listen(ACCESS_CHANNEL, (payload) => {
      const { sender, tags } = parseNotice(payload);
      if (sender !== me) cache.forgetLocal(tags);
    });
    app.addHook('onClose', stopListening);
  }
  const reads = (request: FastifyRequest) =>
    SAFE_METHODS.has(request.method) || request.routeOptions.config.readOnly === true;
  // A write may end sessions or change roles and memberships: forget the cached lookups it may have changed before
  // the caller sees the answer, so its next call reads the new state (the write's transaction has committed by now).
  // A hook of the routes that may write only (added below as each is declared): the reads, most calls, skip it.
  const forgetChanged = async (request: FastifyRequest) => {
    if (!reads(request)) app.accessCache.invalidate(changedBy(request));
  };

  app.addHook('onRoute', (route) => {
    const readOnly = route.config?.readOnly === true || [route.method].flat().every((m) => SAFE_METHODS.has(m));
    if (route.config?.access && !readOnly) route.onSend = [...[route.onSend ?? []].flat(), forgetChanged];
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    if (route.url.startsWith(`${MERCHANT_API_V1}/`)) {
      const scope = route.config?.apiScope;
      if (route.config?.access || !scope || !(scope === 'none' || isApiKeyScope(scope))) {
        throw new Error(`Route ${route.method} ${route.url} declares no valid config.apiScope (and no access)`);
      }
      return;
    }
    const access = route.config?.access;
    // The console's routes (/api/ops/) take operator access values only, the others merchant ones only.
    const valid = !access
      ? false
      : access === 'public' ||
        (route.url.startsWith(OPS_PREFIX)
          ? isOpsAccess(access)
          : access === 'signedIn' || access === 'member' || isPermission(access));
    if (!valid) throw new Error(`Route ${route.method} ${route.url} declares no valid config.access`);
  });

  /**
   * A lookup through the cache for a read (a GET or a read-only POST); a call that may change something is never
   * authorised from a cached entry (a session ended or a role changed a moment ago, in another process, must not
   * let it through).
   */
  const lookup = <T>(
    request: FastifyRequest,
    key: string,
    load: () => Promise<T>,
    keep: ((v: T) => boolean) | undefined,
    tagsOf: (v: T) => readonly string[],
  ) => (reads(request) ? app.accessCache.get(key, load, keep, tagsOf) : load());

  /**
   * The signed-in actor of a valid session, its membership in the session's company looked up once; its address,
   * language and user agent those of the anonymous actor the request already has (the address behind a trusted proxy
   * and the language are parsed from the headers on every read of them).
   */
  async function userActor(
    request: FastifyRequest,
    session: { sessionId: number; userId: number; companyId: number | null },
  ): Promise<Actor> {
    const { userId, companyId } = session;
    const member =
      companyId === null
        ? null
        : await lookup(
            request,
            `member:${userId}:${companyId}`,
            () => memberAccess(app.db, userId, companyId),
            undefined,
            () => [userTag(userId), companyTag(companyId)],
          );
    return { ...request.actor, kind: 'user', userId, sessionId: session.sessionId, companyId, member };
  }

  /**
   * The console's calls (issue 28): an operator token only (a merchant token is refused as no session here),
   * past the code step unless the route belongs to the code step itself, and the permission of the route.
   */
  async function operatorAccess(request: FastifyRequest, reply: FastifyReply, access: Access) {
    const token = request.headers[TOKEN_HEADER];
    if (typeof token !== 'string' || !isOperatorToken(token) || token.length >= 200) {
      return sendEnvelope(reply, Code.UNAUTHORIZED, M.signInFirst);
    }
    const found = await lookup(
      request,
      `operator:${token}`,
      () => lookupOperatorSession(app.db, token),
      (f) => f.ok,
      // An operator belongs to no organisation: its session is dropped by the writes that drop everything (an
      // operator's own calls, changedBy), never by a member's.
      () => [],
    );
    if (!found.ok) {
      return sendEnvelope(reply, found.replaced ? Code.SESSION_REPLACED : Code.UNAUTHORIZED, M.sessionExpired);
    }
    const signIn = found.signIn;
    request.operatorSignIn = signIn;
    // At the code step too: what it records names the operator (only the code step's routes get this far).
    request.actor = {
      ...operatorActor(signIn, request.ip, languageOf(request)),
      userAgent: request.headers['user-agent'],
    };
    if (access === 'opsCode') return;
    if (!signIn.codePassed) return sendEnvelope(reply, Code.UNAUTHORIZED, M.codeStepFirst);
    if (access !== 'operator' && !signIn.permissions.has(access as OpsPermission)) {
      return sendEnvelope(reply, Code.FORBIDDEN, M.roleForbids);
    }
  }

  // Before body validation: a caller without a session learns that first, not what is wrong with its body.
  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    if (isOpsAccess(access) && access !== 'public') {
      request.actor = { ...anonymousActor(request.ip, languageOf(request)), userAgent: request.headers['user-agent'] };
      return operatorAccess(request, reply, access);
    }
    request.actor = { ...anonymousActor(request.ip, languageOf(request)), userAgent: request.headers['user-agent'] };
    const token = request.headers[TOKEN_HEADER];
    if (typeof token === 'string' && token.length > 0 && token.length < 200) {
      // Only valid sessions are kept: an unknown or ended token always asks the database. Keyed by the token itself,
      // not its hash as the database keeps it: the entry lives a few seconds in this process, which holds the token
      // anyway (xsrf.ts remembers each one's sid), and a cold SHA-256 on every signed-in call cost 8 µs.
      const found = await lookup(
        request,
        `session:${token}`,
        () => lookupSession(app.db, token),
        (f) => f.ok,
        (f) => (f.ok ? sessionTags(f.session) : []),
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
