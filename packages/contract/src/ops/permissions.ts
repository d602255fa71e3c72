/**
 * The operator console's permission catalogue (issue 28): the provider's own staff, not merchant users. An
 * operator holds one or more roles; a role is a fixed set of these codes. The server enforces them on every
 * `/api/ops/` call; the console only reads the operator's codes from `/api/ops/me` to show or hide actions.
 */
export const OPS_PERMISSIONS = [
  /** Work queue and detail of onboarding applications, their documents and history. */
  'ops:onboarding:view',
  /** Assign, approve (rates, channel sub-merchant ids) and reject onboarding applications. */
  'ops:onboarding:review',
  'ops:split:view',
  /** Assign, approve and reject profit-sharing applications. */
  'ops:split:review',
  /** Merchants and organisations: search and detail. */
  'ops:merchant:view',
  /** Freeze, unfreeze and close merchants and organisations. */
  'ops:merchant:status',
  /** Set a merchant's channel accounts (WeChat sub_mchid, Alipay smid / app_auth_token) after approval. */
  'ops:merchant:channel',
  /** Settlement runs, reconciliation, payouts in flight, split receivers owed, money approvals. */
  'ops:money:view',
  /** Propose a money action (adjustment, settlement re-run, split receiver payout). */
  'ops:money:propose',
  /** Approve or refuse another operator's proposal (never one's own). */
  'ops:money:approve',
  /** The platform overview. */
  'ops:overview:view',
  /** Operators and their roles. */
  'ops:operator:manage',
  /** The operators' audit log. */
  'ops:audit:view',
] as const;
export type OpsPermission = (typeof OPS_PERMISSIONS)[number];

export function isOpsPermission(code: string): code is OpsPermission {
  return (OPS_PERMISSIONS as readonly string[]).includes(code);
}

export const OPS_ROLES = ['REVIEWER', 'FINANCE', 'RISK', 'ADMIN'] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

/**
 * What each role may do. Money is split so that no single role both proposes and approves alone: finance does
 * both, but never on its own proposal (the server refuses), so two finance operators are needed.
 */
export const OPS_ROLE_PERMISSIONS: Record<OpsRole, readonly OpsPermission[]> = {
  REVIEWER: [
    'ops:onboarding:view',
    'ops:onboarding:review',
    'ops:split:view',
    'ops:split:review',
    'ops:merchant:view',
    'ops:merchant:channel',
    'ops:overview:view',
  ],
  FINANCE: [
    'ops:split:view',
    'ops:merchant:view',
    'ops:money:view',
    'ops:money:propose',
    'ops:money:approve',
    'ops:overview:view',
  ],
  RISK: [
    'ops:onboarding:view',
    'ops:split:view',
    'ops:merchant:view',
    'ops:merchant:status',
    'ops:money:view',
    'ops:overview:view',
    'ops:audit:view',
  ],
  ADMIN: [...OPS_PERMISSIONS],
};

/** The permissions of a set of roles, in catalogue order. */
export function opsPermissionsOf(roles: readonly OpsRole[]): OpsPermission[] {
  const held = new Set(roles.flatMap((r) => OPS_ROLE_PERMISSIONS[r]));
  return OPS_PERMISSIONS.filter((p) => held.has(p));
}

/**
 * The console's pages (paths under /ops/) and the permission that opens each: the server answers the same
 * permission on the page's calls.
 */
export const OPS_PAGES = [
  { code: 'overview', path: '/overview', permission: 'ops:overview:view' },
  { code: 'onboardingQueue', path: '/onboarding', permission: 'ops:onboarding:view' },
  { code: 'splitQueue', path: '/split', permission: 'ops:split:view' },
  { code: 'merchants', path: '/merchants', permission: 'ops:merchant:view' },
  { code: 'companies', path: '/companies', permission: 'ops:merchant:view' },
  { code: 'settlements', path: '/settlements', permission: 'ops:money:view' },
  { code: 'reconcile', path: '/reconcile', permission: 'ops:money:view' },
  { code: 'payouts', path: '/payouts', permission: 'ops:money:view' },
  { code: 'receivers', path: '/receivers', permission: 'ops:money:view' },
  { code: 'approvals', path: '/approvals', permission: 'ops:money:view' },
  { code: 'operators', path: '/operators', permission: 'ops:operator:manage' },
  { code: 'audit', path: '/audit', permission: 'ops:audit:view' },
] as const satisfies readonly { code: string; path: string; permission: OpsPermission }[];
