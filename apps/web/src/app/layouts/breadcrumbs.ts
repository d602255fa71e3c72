import { MENU } from '@mchweb/contract/permissions';
import { getJson, setItem } from '@/lib/storage';

/** One breadcrumb entry as stored in `breadRouteList`: an i18n key under `menu:` and the path it opens. */
export interface BreadRoute {
  code: string;
  path?: string;
}

/** Titles of pages reached from a menu item without one of their own (the contract's subPaths). */
export const SUB_PAGE_CODES: Record<string, string> = {
  '/open': 'open',
  '/organ-create': 'organCreate',
  '/new-incomming': 'newIncomming',
  '/audit-progress': 'auditProgress',
};

/** The trail of a path from the menu catalogue: group, item, and the sub-page when it is one. */
export function trailFor(pathname: string): BreadRoute[] {
  for (const group of MENU) {
    for (const leaf of group.children) {
      if (leaf.path === pathname) return [{ code: group.code }, { code: leaf.code, path: leaf.path }];
      if (leaf.subPaths?.includes(pathname)) {
        return [
          { code: group.code },
          { code: leaf.code, path: leaf.path },
          { code: SUB_PAGE_CODES[pathname] ?? leaf.code, path: pathname },
        ];
      }
    }
  }
  return [];
}

export function setBreadRouteList(list: BreadRoute[] | null): void {
  setItem('breadRouteList', list);
}
export function getBreadRouteList(): BreadRoute[] {
  return getJson<BreadRoute[]>('breadRouteList') ?? [];
}
