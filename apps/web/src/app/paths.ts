/**
 * The one table of paths (S2.6-S2.10). Route names keep the seed's spellings (incomming, protocal).
 * `load` imports the page lazily (S2.3): each page is its own chunk.
 */
type PageModule = Promise<{ default: React.ComponentType }>;
export type Area = 'main' | 'public' | 'blank' | 'blankGuarded';

export interface PageRoute {
  path: string;
  area: Area;
  load: () => PageModule;
  /**
   * Drawn at build time in the default language (app/prerender, docs/web.md "Prerendered pages"): the pages a
   * newcomer opens first, on a phone, whose markup is the same for every signed-out visitor.
   */
  prerender?: true;
}

export const LOGIN = '/login';
export const LOGIN_ERROR = '/login-error';
export const COMPANY_CREATE = '/organ-create';
export const COMPANY_SELECT = '/organ-select';
export const WELCOME = '/welcome';
/** Where a sign-in without `redirect` lands; the guard sends a member without organisation onwards. */
export const AFTER_SIGN_IN = WELCOME;

export const ROUTES: PageRoute[] = [
  // Public layout (S2.9)
  { path: '/home', area: 'public', prerender: true, load: () => import('@/features/public/pages/home.page') },
  { path: '/product', area: 'public', prerender: true, load: () => import('@/features/public/pages/product.page') },
  { path: '/case', area: 'public', prerender: true, load: () => import('@/features/public/pages/case.page') },
  // Blank layout, public (S2.8)
  { path: '/login', area: 'blank', prerender: true, load: () => import('@/features/auth/pages/login.page') },
  { path: '/register', area: 'blank', prerender: true, load: () => import('@/features/auth/pages/register.page') },
  { path: '/login-error', area: 'blank', load: () => import('@/features/auth/pages/login-error.page') },
  { path: '/protocal-user', area: 'blank', load: () => import('@/features/auth/pages/protocal-user.page') },
  { path: '/protocal-privacy', area: 'blank', load: () => import('@/features/auth/pages/protocal-privacy.page') },
  { path: '/protocal-risk', area: 'blank', load: () => import('@/features/auth/pages/protocal-risk.page') },
  // The invited merchant's onboarding form: the invitation is the credential (no sign-in, no menu).
  { path: '/inco/:inviteNo', area: 'blank', load: () => import('@/features/onboarding/pages/inco-invite.page') },
  // The payer's cashier, reached by scanning a payment code: the code is all it needs (no sign-in, no menu).
  { path: '/pay/:codeNo', area: 'blank', load: () => import('@/features/order/pages/pay.page') },
  // Blank layout behind the guard
  { path: '/open', area: 'blankGuarded', load: () => import('@/features/company/pages/open.page') },
  // Main layout (S2.7)
  { path: '/order', area: 'main', load: () => import('@/features/order/pages/order.page') },
  { path: '/settlement', area: 'main', load: () => import('@/features/settlement/pages/settlement.page') },
  { path: '/merchant', area: 'main', load: () => import('@/features/merchant/pages/merchant.page') },
  { path: '/channel', area: 'main', load: () => import('@/features/merchant/pages/channel.page') },
  { path: '/code-setting', area: 'main', load: () => import('@/features/code/pages/code-setting.page') },
  { path: '/mch-code-setting', area: 'main', load: () => import('@/features/code/pages/mch-code-setting.page') },
  { path: '/div-account', area: 'main', load: () => import('@/features/split/pages/div-account.page') },
  {
    path: '/transfer-account',
    area: 'main',
    load: () => import('@/features/transfer/pages/transfer-account.page'),
  },
  { path: '/transfer-list', area: 'main', load: () => import('@/features/transfer/pages/transfer-list.page') },
  {
    path: '/merchant-entry',
    area: 'main',
    load: () => import('@/features/onboarding/pages/merchant-entry.page'),
  },
  { path: '/new-incomming', area: 'main', load: () => import('@/features/onboarding/pages/new-incomming.page') },
  { path: '/incomming', area: 'main', load: () => import('@/features/onboarding/pages/incomming.page') },
  { path: '/inco-manage', area: 'main', load: () => import('@/features/onboarding/pages/inco-manage.page') },
  {
    path: '/audit-progress',
    area: 'main',
    load: () => import('@/features/onboarding/pages/audit-progress.page'),
  },
  { path: '/bill', area: 'main', load: () => import('@/features/bill/pages/bill.page') },
  { path: '/staff-manage', area: 'main', load: () => import('@/features/staff/pages/staff-manage.page') },
  // Composed in app/: the developer feature's API keys and reference, and the webhooks' tab.
  { path: '/developer', area: 'main', load: () => import('@/app/pages/developer.page') },
  // Composed in app/: the company feature's page with the order feature's latest orders.
  { path: '/organ-home', area: 'main', load: () => import('@/app/pages/organ-home.page') },
  { path: '/organ-create', area: 'main', load: () => import('@/features/company/pages/organ-create.page') },
  { path: '/organ-select', area: 'main', load: () => import('@/features/company/pages/organ-select.page') },
  { path: '/welcome', area: 'main', load: () => import('@/features/company/pages/welcome.page') },
];

/** S2.10: the pages of the public and blank layouts open without signing in and without the company check. */
export const PUBLIC_PATHS: readonly string[] = ROUTES.filter((r) => r.area === 'public' || r.area === 'blank').map(
  (r) => r.path,
);

/** Does `pathname` match a route path (`/inco/:inviteNo` matches `/inco/I123...`)? */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  return (
    want.length === have.length && want.every((seg, i) => (seg.startsWith(':') ? have[i] !== '' : seg === have[i]))
  );
}

export function isPublicPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return PUBLIC_PATHS.some((p) => matches(p, path));
}

/** The pages behind the guard (a visitor without a session is sent to /login from them). */
export const GUARDED_PATHS: readonly string[] = ROUTES.filter(
  (r) => r.area === 'main' || r.area === 'blankGuarded',
).map((r) => r.path);

/** `/login?redirect=<full path>` (S2.12). */
export function loginWithRedirect(fullPath: string): string {
  return `${LOGIN}?redirect=${encodeURIComponent(fullPath)}`;
}

/** A `redirect` value is only followed when it is a path inside this app (never another site). */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/login')) return AFTER_SIGN_IN;
  return value;
}
