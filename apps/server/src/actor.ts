import { Code, type CompanyStatus, type Language } from '@mchweb/contract';
import { BizError, forbidden } from './errors.ts';
import { M } from './i18n/messages.ts';

/** A user's place in one company, with the permissions of their role. */
export interface Membership {
  companyId: number;
  companyName: string;
  companyStatus: CompanyStatus;
  /** The operator's reason for freezing or closing it (told to members when refused). */
  companyStatusReason?: string | null;
  membershipId: number;
  memberStatus: 'ACTIVE' | 'DISABLED' | 'INVITED';
  roleId: number;
  roleCode: string | null;
  roleName: string;
  permissions: ReadonlySet<string>;
  /**
   * The merchants the member may see and act on (issue 11): null = every merchant of the organisation (always so
   * for an owner), else only these. Every merchant-scoped query takes it (merchant-scope.ts).
   */
  merchantIds: readonly number[] | null;
}

/**
 * Who is acting: built once per request by the access plugin (plugins/access.ts), or by a job, the operator's
 * command line or a channel callback with `systemActor`. Every service takes one, so the same service serves a
 * person and a job, and nothing below the routes knows HTTP.
 * - user: a signed-in person (the session's current company, and the membership there when there is one)
 * - anonymous: a public call without a session (a payer, an invited merchant, a visitor)
 * - system: the platform itself; `system` names which part, and the audit log records it
 */
export interface Actor {
  kind: 'user' | 'anonymous' | 'system';
  userId: number | null;
  sessionId: number | null;
  /** The company the actor works in: the session's current one, or the one a system actor acts for. */
  companyId: number | null;
  /** The user's membership in companyId, even when disabled or the company is blocked (see memberBlock). */
  member: Membership | null;
  ip: string | null;
  /** The browser's User-Agent, kept with a new session. */
  userAgent?: string | undefined;
  language: Language;
  system?: string;
  /**
   * An operator of the console (issue 28): a system actor (`system` is `ops:<username>`) that is a person with
   * an account of its own, never a merchant user. Set by the access plugin on `/api/ops/` routes only.
   */
  operator?: OperatorOf;
}

/** The `system` of a merchant API call's actor: `apiKey:<keyId>` (developer/api-key-actor.ts). */
export const API_KEY_SYSTEM = 'apiKey:';
/** Whether the actor is an API key of the merchant API (so its refusals speak of a key, not a person). */
export const byApiKey = (actor: Actor) => actor.kind === 'system' && actor.system?.startsWith(API_KEY_SYSTEM) === true;

/** Who the operator is, as the services and the audit log need it. */
export interface OperatorOf {
  operatorId: number;
  sessionId: number;
  username: string;
  name: string;
}

/** The actor of a signed-in operator (past the code step): the platform acting, by this person. */
export const operatorActor = (operator: OperatorOf, ip: string | null, language: Language): Actor => ({
  ...systemActor(`ops:${operator.username}`, null, language),
  ip,
  operator,
});

/** The operator acting; refused (401) for anyone else. */
export function requireOperator(actor: Actor): OperatorOf {
  if (!actor.operator) throw new BizError(Code.UNAUTHORIZED, M.signInFirst);
  return actor.operator;
}

export const anonymousActor = (ip: string | null, language: Language): Actor => ({
  kind: 'anonymous',
  userId: null,
  sessionId: null,
  companyId: null,
  member: null,
  ip,
  language,
});

/** The platform acting on its own: `name` says which part ('ops', 'job:settlement', 'sandbox:review'...). */
export const systemActor = (name: string, companyId: number | null = null, language: Language = 'zh-CN'): Actor => ({
  kind: 'system',
  userId: null,
  sessionId: null,
  companyId,
  member: null,
  ip: null,
  language,
  system: name,
});

export interface SignedIn {
  userId: number;
  sessionId: number;
  companyId: number | null;
}

/** The session of a person; refused (401) for anonymous and system actors. */
export function requireUser(actor: Actor): SignedIn {
  if (actor.kind !== 'user' || actor.userId === null || actor.sessionId === null) {
    throw new BizError(Code.UNAUTHORIZED, M.signInFirst);
  }
  return { userId: actor.userId, sessionId: actor.sessionId, companyId: actor.companyId };
}

/** The refusal for a member who may not work in the company now (the seed's company codes), else null. */
export function memberBlock(member: Membership | null): BizError | null {
  if (!member || member.memberStatus === 'INVITED') return forbidden(M.notAMember);
  if (member.companyStatus !== 'ACTIVE') {
    return new BizError(
      Code.COMPANY_BLOCKED,
      M.companyBlocked(member.companyStatus === 'FROZEN' ? 'FROZEN' : 'CLOSED', member.companyStatusReason ?? null),
    );
  }
  if (member.memberStatus === 'DISABLED') return new BizError(Code.MEMBER_DISABLED, M.memberDisabled);
  return null;
}

/** The working membership of the actor in its current company; refused when there is none or it is blocked. */
export function requireMember(actor: Actor): Membership {
  if (!actor.member) throw forbidden(M.chooseCompany);
  const block = memberBlock(actor.member);
  if (block) throw block;
  return actor.member;
}
