import type { FastifyRequest } from 'fastify';
import type { ApiKeyScope, CompanyStatus, Permission } from '@mchweb/contract';
import { API_KEY_SYSTEM, type Actor } from '../../actor.ts';
import type { Db } from '../../db/client.ts';
import { findCompany } from '../company/index.ts';
import type { ApiKeyHolder } from './api-key.service.ts';
import { apiLanguage } from './merchant-api.errors.ts';

/** What each scope lets the key do, in the portal's permission words (the services read the key as a member). */
const SCOPE_PERMISSIONS: Record<ApiKeyScope, Permission[]> = {
  'orders:read': ['order:view'],
  'orders:write': [],
  'refunds:write': ['order:refund'],
  'settlements:read': ['settlement:view'],
  'webhooks:manage': [],
};

/**
 * The actor of a call with an API key: the platform acting for the key's organisation (`system` names the key, so
 * the audit log says which key refunded), with the key as its membership: the key's scopes as permissions and its
 * merchants as the merchant scope every query already honours. No user, no session: a service that needs a person
 * (requireUser) refuses it.
 */
export async function apiKeyActor(db: Db, key: ApiKeyHolder, request: FastifyRequest): Promise<Actor | null> {
  const company = await findCompany(db, key.companyId);
  if (!company) return null;
  return {
    kind: 'system',
    system: `${API_KEY_SYSTEM}${key.keyId}`,
    userId: null,
    sessionId: null,
    companyId: key.companyId,
    member: {
      companyId: key.companyId,
      companyName: company.name,
      companyStatus: company.status as CompanyStatus,
      membershipId: 0,
      memberStatus: 'ACTIVE',
      roleId: 0,
      roleCode: null,
      roleName: `API key ${key.keyId}`,
      permissions: new Set([...key.scopes].flatMap((s) => SCOPE_PERMISSIONS[s])),
      merchantIds: key.merchantIds,
    },
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    language: apiLanguage(request),
  };
}
