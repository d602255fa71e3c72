/**
 * S2.1: history mode under /mchweb/ by default; hash mode when the build sets VITE_ROUTER_MODE=hash, or at run
 * time when dist/index.html carries `<meta name="mchweb-router-mode" content="hash">` (an operator can switch a
 * deployed build without rebuilding, e.g. behind a server that cannot answer deep links with index.html).
 */
export type RouterMode = 'history' | 'hash';
export const BASENAME = '/mchweb';

export function routerMode(
  buildSetting: string | undefined = import.meta.env.VITE_ROUTER_MODE as string | undefined,
  doc: Document | undefined = typeof document === 'undefined' ? undefined : document,
): RouterMode {
  const runtime = doc?.querySelector('meta[name="mchweb-router-mode"]')?.getAttribute('content');
  const chosen = (runtime || buildSetting || 'history').toLowerCase();
  return chosen === 'hash' ? 'hash' : 'history';
}
