import { matchRoutes, type RouteObject } from 'react-router';
import { GUARDED_PATHS, LOGIN, loginWithRedirect } from '../paths';
import { BASENAME, type RouterMode } from '../router-mode';

/** How the browser draws the document's first page: hydrating the prerendered markup, or from nothing as before. */
export type FirstRender = { hydrate: false } | { hydrate: true; /** the address to show first */ address?: string };

interface Visit {
  /** The path the document's markup was prerendered for (`data-prerendered` of #root), if any. */
  prerendered: string | undefined;
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** The markup is not what this visitor sees (first-paint.ts). */
  stale: boolean;
  mode: RouterMode;
}

/**
 * Hydrate when the prerendered page is the one this visitor is shown: the same path, or /login for a page behind
 * the sign-in (the server answers those with /login's document) when the guard would send them there, which it
 * does to anyone without a session (`stale` covers a session). Then the address becomes the guard's
 * /login?redirect=... before the router starts, as the guard would have made it.
 */
export function firstRender({ prerendered, location, stale, mode }: Visit): FirstRender {
  if (!prerendered || stale || mode !== 'history' || !location.pathname.startsWith(BASENAME)) return { hydrate: false };
  const pathname = location.pathname.slice(BASENAME.length) || '/';
  if (pathname === prerendered) return { hydrate: true };
  if (prerendered === LOGIN && GUARDED_PATHS.includes(pathname)) {
    return { hydrate: true, address: BASENAME + loginWithRedirect(`${pathname}${location.search}${location.hash}`) };
  }
  return { hydrate: false };
}

function copy(routes: RouteObject[]): RouteObject[] {
  return routes.map((r) => (r.children ? { ...r, children: copy(r.children) } : { ...r }) as RouteObject);
}

/**
 * The routes with the layouts and page of `pathname` loaded (their `lazy` resolved), so the router's first render
 * draws the page rather than waiting for its chunks: what hydration needs, and what the build renders. A copy:
 * `routes` itself stays lazy.
 */
export async function withFirstPageLoaded(routes: RouteObject[], pathname: string): Promise<RouteObject[]> {
  const loaded = copy(routes);
  const matches = matchRoutes(loaded, pathname, BASENAME) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      delete route.lazy;
    }),
  );
  return loaded;
}
