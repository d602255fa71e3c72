import type { ComponentType } from 'react';
import { OPS_PAGES } from '@mchweb/contract/ops/permissions';

type Module = Promise<{ default: ComponentType }>;

/** One page of the console: its path under /ops, the menu item naming it, the permission that opens it. */
export interface OpsRoute {
  path: string;
  /** The menu item (`ops:menu.<code>`) it belongs to: its own, or its list's for a detail page. */
  code: string;
  permission: string;
  /** In the side menu (detail pages are not). */
  menu?: true;
  load: () => Module;
}

/** The menu's groups, in order, and the items of each (by code). */
export const MENU_GROUPS: { key: string; codes: string[] }[] = [
  { key: 'overview', codes: ['overview'] },
  { key: 'work', codes: ['onboardingQueue', 'splitQueue'] },
  { key: 'merchants', codes: ['merchants', 'companies'] },
  { key: 'money', codes: ['settlements', 'reconcile', 'payouts', 'receivers', 'approvals'] },
  { key: 'admin', codes: ['operators', 'audit'] },
];

type PageCode = (typeof OPS_PAGES)[number]['code'];

/** The chunk of each page of the contract's OPS_PAGES (paths and permissions come from there). */
const PAGE_LOADS: Record<PageCode, () => Module> = {
  overview: () => import('../features/overview/overview.page'),
  onboardingQueue: () => import('../features/onboarding/onboarding-queue.page'),
  splitQueue: () => import('../features/split/split-queue.page'),
  merchants: () => import('../features/merchants/merchants.page'),
  companies: () => import('../features/merchants/companies.page'),
  settlements: () => import('../features/money/settlements.page'),
  reconcile: () => import('../features/money/reconcile.page'),
  payouts: () => import('../features/money/payouts.page'),
  receivers: () => import('../features/money/receivers.page'),
  approvals: () => import('../features/money/approvals.page'),
  operators: () => import('../features/admin/operators.page'),
  audit: () => import('../features/admin/audit.page'),
};

/** THE table of the console's pages (every one lazy, its own chunk): the menu's, then their detail pages. */
export const OPS_ROUTES: OpsRoute[] = [
  ...OPS_PAGES.map((p) => ({
    path: p.path,
    code: p.code,
    permission: p.permission,
    menu: true as const,
    load: PAGE_LOADS[p.code],
  })),
  {
    path: '/onboarding/:applyNo',
    code: 'onboardingQueue',
    permission: 'ops:onboarding:view',
    load: () => import('../features/onboarding/review.page'),
  },
  {
    path: '/split/:applyNo',
    code: 'splitQueue',
    permission: 'ops:split:view',
    load: () => import('../features/split/split-review.page'),
  },
  {
    path: '/merchants/:mchNo',
    code: 'merchants',
    permission: 'ops:merchant:view',
    load: () => import('../features/merchants/merchant-detail.page'),
  },
  {
    path: '/companies/:companyId',
    code: 'companies',
    permission: 'ops:merchant:view',
    load: () => import('../features/merchants/company-detail.page'),
  },
];

/** The first page the operator may open: where /ops/ and the sign-in go. */
export function homePath(can: (permission: string) => boolean): string {
  return OPS_ROUTES.find((r) => r.menu && can(r.permission))?.path ?? '/no-access';
}

/** The route drawing `pathname`, matched segment by segment (`:name` matches any one segment). */
export function routeOf(pathname: string): OpsRoute | undefined {
  const parts = pathname.split('/');
  return OPS_ROUTES.find((r) => {
    const want = r.path.split('/');
    return want.length === parts.length && want.every((w, i) => w.startsWith(':') || w === parts[i]);
  });
}
