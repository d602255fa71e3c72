import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { setLoginNavigator } from '@/lib/session-expiry';
import { getOpsSession } from '../session';
import { homePath, OPS_ROUTES } from './routes';
import { OpsLoading, OpsRouteError } from './route-states';

export const OPS_BASENAME = '/ops';

/** The sign-in page with the page the operator wanted, when it was not the start. */
export function loginWithRedirect(target: string): string {
  return target && target !== '/' ? `/login?redirect=${encodeURIComponent(target)}` : '/login';
}

/**
 * Every page but the sign-in needs an operator's full session (a token alone may be a password step still waiting
 * for its code); without one the visit goes to sign in first.
 */
function requireOperator({ request }: LoaderFunctionArgs) {
  const { token, operator } = getOpsSession();
  if (token && operator) return null;
  const url = new URL(request.url);
  const path = url.pathname.startsWith(OPS_BASENAME) ? url.pathname.slice(OPS_BASENAME.length) : url.pathname;
  throw redirect(loginWithRedirect(`${path}${url.search}`));
}

const can = (permission: string) => !!getOpsSession().operator?.permissions.includes(permission);

export const opsRoutes: RouteObject[] = [
  {
    HydrateFallback: OpsLoading,
    ErrorBoundary: OpsRouteError,
    children: [
      { path: 'login', lazy: async () => ({ Component: (await import('../features/auth/sign-in.page')).default }) },
      {
        loader: requireOperator,
        shouldRevalidate: () => true,
        lazy: async () => ({ Component: (await import('./ops-layout')).default }),
        children: [
          { index: true, loader: () => redirect(homePath(can)), Component: () => null },
          ...OPS_ROUTES.map((r): RouteObject => ({
            path: r.path,
            ErrorBoundary: OpsRouteError,
            lazy: async () => ({ Component: (await r.load()).default }),
          })),
          { path: '*', lazy: async () => ({ Component: (await import('./not-found.page')).default }) },
        ],
      },
    ],
  },
];

export function createOpsRouter() {
  const router = createBrowserRouter(opsRoutes, { basename: OPS_BASENAME });
  // The session dialog's "sign in": back to the sign-in page with the page the operator was on.
  setLoginNavigator(() => {
    const { pathname, search } = router.state.location;
    if (pathname === '/login') return;
    void router.navigate(loginWithRedirect(`${pathname}${search}`)).catch(() => undefined);
  });
  return router;
}
