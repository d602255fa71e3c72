import { ENV, type EnvInfo } from './env';

/**
 * The document's title: the page, then the site (`订单查询 · 商户平台`, `Orders · Merchant Portal`), in the
 * language shown, so a tab, a bookmark and the history name the page. Outside production the environment's
 * application name follows (S9.6: `… · mchweb-dev`), so a test tab is never mistaken for the real one.
 */
export function documentTitle(page: string | null | undefined, site: string, env: EnvInfo = ENV): string {
  const parts = page ? [page, site] : [site];
  if (env.env !== 'production') parts.push(env.appName);
  return parts.join(' · ');
}
