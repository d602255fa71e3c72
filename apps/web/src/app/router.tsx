import {
  createBrowserRouter,
  createHashRouter,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { setLoginNavigator, setPathNavigator } from '@/lib/session-expiry';
import { runGuard } from './guard';
import { loginWithRedirect, ROUTES, type Area, type PageRoute } from './paths';
import { BASENAME, routerMode } from './router-mode';
import { RootLayout } from './layouts/root-layout';
import { PageLoading, RouteError } from './layouts/route-states';

const page = (r: PageRoute): RouteObject => ({
  path: r.path,
  // A page that fails (its chunk or its render) shows the error inside its layout, menu still there.
  ErrorBoundary: RouteError,
  lazy: async () => ({ Component: (await r.load()).default }),
});
const pagesOf = (area: Area) => ROUTES.filter((r) => r.area === area).map(page);

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

/** S4.4 as the loader of the non-public branch; shouldRevalidate makes it run on every navigation. */
export async function guardLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const pathname = url.pathname.startsWith(BASENAME) ? url.pathname.slice(BASENAME.length) || '/' : url.pathname;
  const outcome = await abortable(runGuard({ pathname, search: url.search, hash: url.hash }), request.signal);
  if (outcome && outcome !== `${pathname}${url.search}`) throw redirect(outcome);
  return null;
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, loader: () => redirect('/home'), Component: () => null }, // S2.6
      {
        lazy: async () => ({ Component: (await import('./layouts/public-layout')).default }),
        children: pagesOf('public'),
      },
      {
        lazy: async () => ({ Component: (await import('./layouts/blank-layout')).default }),
        children: pagesOf('blank'),
      },
      {
        id: 'guarded',
        loader: guardLoader,
        shouldRevalidate: () => true,
        ErrorBoundary: RouteError,
        children: [
          {
            lazy: async () => ({ Component: (await import('./layouts/guarded-blank-layout')).default }),
            children: pagesOf('blankGuarded'),
          },
          {
            lazy: async () => ({ Component: (await import('./layouts/main-layout')).default }),
            children: pagesOf('main'),
          },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found.page')).default }) },
    ],
  },
];

export function createAppRouter() {
  const router =
    routerMode() === 'hash' ? createHashRouter(routes) : createBrowserRouter(routes, { basename: BASENAME });
  // "去登录" in the session dialog: to /login with the path the user was on, unless the guard is already
  // taking a navigation there (it redirects once the dialog closes).
  setLoginNavigator(() => {
    if (!router.state.initialized || router.state.navigation.state !== 'idle') return;
    const { search, hash } = router.state.location;
    const full = router.state.location.pathname;
    const pathname = full.startsWith(BASENAME) ? full.slice(BASENAME.length) || '/' : full;
    if (pathname === '/login') return;
    void safeNavigate(router, loginWithRedirect(`${pathname}${search}${hash}`));
  });
  setPathNavigator((to) => void safeNavigate(router, to));
  return router;
}

/** S2.13: a navigation that is superseded or aborted is not an error anyone needs to see. */
export function safeNavigate(router: { navigate: (to: string) => Promise<void> }, to: string): Promise<void> {
  return router.navigate(to).catch(() => undefined);
}
