import { lazy as lazyComponent, Suspense, type ComponentType } from 'react';
import {
  createBrowserRouter,
  createHashRouter,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { getSession } from '@/lib/session';
import { setLoginNavigator, setPathNavigator } from '@/lib/session-expiry';
import { runGuard } from './guard';
import { loginWithRedirect, ROUTES, type Area, type PageRoute } from './paths';
import { BASENAME, routerMode } from './router-mode';
import { RootLayout } from './layouts/root-layout';
import { PageLoading, RouteError } from './layouts/route-states';

type Module = Promise<{ default: ComponentType }>;

/** A route's component: its chunk loads with the navigation, beside the loaders. */
const loaded = (load: () => Module) => async () => ({ Component: (await load()).default });

/** A component that fetches its chunk when it is first drawn. */
function drawnLazily(load: () => Module): ComponentType {
  const Lazy = lazyComponent(load);
  return function DrawnLazily() {
    return (
      <Suspense fallback={<PageLoading />}>
        <Lazy />
      </Suspense>
    );
  };
}

/**
 * A layout or page behind the guard. The router starts a route's `lazy` beside its loaders, before the guard has
 * decided; a signed-out deep link (/order without a token, the guard's first test) would download the target's
 * layout and page only to be sent to /login (issue 26). Without a token the route gets a component that fetches
 * its chunk when first drawn, which happens only after sign-in; with one, the chunk loads with the navigation.
 */
export const guarded = (load: () => Module) => async () =>
  getSession().token ? loaded(load)() : { Component: drawnLazily(load) };

const page = (r: PageRoute): RouteObject => ({
  path: r.path,
  // A page that fails (its chunk or its render) shows the error inside its layout, menu still there.
  ErrorBoundary: RouteError,
  lazy: r.area === 'main' || r.area === 'blankGuarded' ? guarded(r.load) : loaded(r.load),
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
          { lazy: guarded(() => import('./layouts/guarded-blank-layout')), children: pagesOf('blankGuarded') },
          { lazy: guarded(() => import('./layouts/main-layout')), children: pagesOf('main') },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('./pages/not-found.page')).default }) },
    ],
  },
];

/** The app's router; `withRoutes` is `routes` with the first page's chunks already loaded when it hydrates. */
export function createAppRouter(withRoutes: RouteObject[] = routes) {
  const router =
    routerMode() === 'hash' ? createHashRouter(withRoutes) : createBrowserRouter(withRoutes, { basename: BASENAME });
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
