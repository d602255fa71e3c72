/**
 * The server-side entry of the prerender (built for Node by apps/web/prerender.ts at the end of `vite build`):
 * draws a page of the first visit as the browser's first render draws it for a signed-out visitor in the default
 * language, with antd's styles for that markup (docs/web.md, "Prerendered pages").
 */
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { createMemoryRouter } from 'react-router';
import { DEFAULT_LANGUAGE, i18n } from '@/i18n';
import { documentTitle } from '@/lib/page-title';
import { App } from '../app';
import { pageTitleKey } from '../page-titles';
import { GUARDED_PATHS, LOGIN, ROUTES } from '../paths';
import { routes } from '../router';
import { BASENAME } from '../router-mode';
import { FIRST_PAINT_SCRIPT } from './first-paint';
import { withFirstPageLoaded } from './first-page';

export { LOGIN };
export const PRERENDERED = ROUTES.filter((r) => r.prerender).map(({ path, area }) => ({ path, area }));
/** Paths whose signed-out visitor the guard sends to /login (first-page.ts hydrates /login's markup there). */
export const SENT_TO_LOGIN = GUARDED_PATHS;

/** A prerendered page: what apps/web/prerender-document.ts writes into the app's index.html. */
export interface RenderedPage {
  path: string;
  /** The markup of #root. */
  markup: string;
  /** antd's styles of that markup, as <style> elements (@ant-design/cssinjs extractStyle). */
  styles: string;
  title: string;
  /** The script that runs before the first paint (app/prerender/first-paint.ts). */
  firstPaintScript: string;
}

/** The title in production's form; the root layout adds the environment's name outside production. */
const PRODUCTION = { env: 'production', appName: 'mchweb', apiOrigin: '' } as const;

export async function renderPage(path: string): Promise<RenderedPage> {
  const url = BASENAME + path;
  const router = createMemoryRouter(await withFirstPageLoaded(routes, url), {
    basename: BASENAME,
    initialEntries: [url],
  });
  const cache = createCache();
  try {
    const markup = renderToString(
      <StyleProvider cache={cache}>
        <App router={router} />
      </StyleProvider>,
    );
    const t = i18n.getFixedT(DEFAULT_LANGUAGE, ['common', 'menu']);
    const title = documentTitle(t(pageTitleKey(path)), t('common:brand.name'), PRODUCTION);
    return { path, markup, styles: extractStyle(cache), title, firstPaintScript: FIRST_PAINT_SCRIPT };
  } finally {
    router.dispose();
  }
}
