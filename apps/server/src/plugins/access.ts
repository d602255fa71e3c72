import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Code, isPermission, type Permission } from '@mchweb/contract';
import { BizError, forbidden, sendEnvelope } from './envelope.ts';
import { hashToken, lookupSession, type ActiveSession } from '../modules/auth/session.service.ts';
import { AccessCache } from '../modules/auth/access-cache.ts';
import { loadMemberAccess, type MemberAccess } from '../modules/staff/member-access.ts';
import { M } from '../i18n/messages.ts';

/**
 * Who may call a route. Every API route declares one in `config.access`; registering a route without it fails
 * at start-up, so no route is left open by forgetting.
 * - public: anyone (a valid token is still read when sent)
 * - signedIn: a valid session, with or without a current organisation
 * - member: an active member of an active current organisation
 * - a permission code: a member whose role grants it
 */
export type Access = 'public' | 'signedIn' | 'member' | Permission;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    accessCache: AccessCache;
  }
  interface FastifyRequest {
    session: ActiveSession | null;
    member: MemberAccess | null;
  }
}

export const TOKEN_HEADER = 'token';

/** The session of a route that declared signedIn or stricter. */
export function requireSession(request: FastifyRequest): ActiveSession {
  if (!request.session) throw new BizError(Code.UNAUTHORIZED, M.signInFirst);
  return request.session;
}
/** The membership of a route that declared member or a permission. */
export function requireMember(request: FastifyRequest): MemberAccess {
  if (!request.member) throw forbidden(M.chooseOrganisation);
  return request.member;
}

/** The refusal for a member who may not work in the organisation now (company codes of the seed). */
export function memberBlock(member: MemberAccess | null): BizError | null {
  if (!member || member.memberStatus === 'INVITED') return forbidden(M.notAMember);
  if (member.companyStatus !== 'ACTIVE') {
    return new BizError(
      Code.COMPANY_BLOCKED,
      M.organisationBlocked(member.companyStatus === 'FROZEN' ? 'FROZEN' : 'CLOSED'),
    );
  }
  if (member.memberStatus === 'DISABLED') {
    return new BizError(Code.MEMBER_DISABLED, M.memberDisabled);
  }
  return null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The membership of a user in an organisation, through the access cache. */
export const cachedMemberAccess = (app: FastifyInstance, userId: number, companyId: number) =>
  app.accessCache.get(`member:${userId}:${companyId}`, () => loadMemberAccess(app.db, userId, companyId));

async function accessPlugin(app: FastifyInstance, opts: { cacheMs?: number }) {
  app.decorateRequest('session', null);
  app.decorateRequest('member', null);
  app.decorate('accessCache', new AccessCache(opts.cacheMs ?? 0));
  // Any write may end sessions or change roles and memberships: forget cached lookups before the caller sees
  // the answer, so its next call reads the new state (the write's transaction has committed by now).
  app.addHook('onSend', async (request) => {
    if (!SAFE_METHODS.has(request.method)) app.accessCache.invalidate();
  });

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access || !(access === 'public' || access === 'signedIn' || access === 'member' || isPermission(access))) {
      throw new Error(`Route ${route.method} ${route.url} declares no valid config.access`);
    }
  });

  // Before body validation: a caller without a session learns that first, not what is wrong with its body.
  app.addHook('preValidation', async (request, reply) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    const token = request.headers[TOKEN_HEADER];
    if (typeof token === 'string' && token.length > 0 && token.length < 200) {
      // Only valid sessions are kept: an unknown or ended token always asks the database.
      const found = await app.accessCache.get(
        `session:${hashToken(token)}`,
        () => lookupSession(app.db, token),
        (f) => f.ok,
      );
      if (found.ok) request.session = found.session;
      else if (access !== 'public') {
        return found.replaced
          ? sendEnvelope(reply, Code.SESSION_REPLACED, M.sessionReplaced)
          : sendEnvelope(reply, Code.UNAUTHORIZED, M.sessionExpired);
      }
    }
    if (access === 'public') return;
    if (!request.session) return sendEnvelope(reply, Code.UNAUTHORIZED, M.signInFirst);
    if (access === 'signedIn') return;

    const { companyId, userId } = request.session;
    if (companyId === null) return sendEnvelope(reply, Code.FORBIDDEN, M.chooseOrCreateOrganisation);
    const member = await cachedMemberAccess(app, userId, companyId);
    const block = memberBlock(member);
    if (block) return sendEnvelope(reply, block.code, block.text);
    request.member = member;
    if (access !== 'member' && !member!.permissions.has(access)) {
      return sendEnvelope(reply, Code.FORBIDDEN, M.roleForbids);
    }
  });
}

export default fp(accessPlugin, { name: 'access', dependencies: ['database', 'envelope'] });
