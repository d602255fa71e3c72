import type { RenderedPage } from './src/app/prerender/render';

/** The page's own chunks and stylesheets, by file name under the build's base. */
export interface PageAssets {
  js: string[];
  css: string[];
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function replaceOnce(html: string, find: RegExp, by: string): string {
  if (!find.test(html)) throw new Error(`prerender: the app's index.html has no ${find.source}`);
  return html.replace(find, () => by);
}

/**
 * The built index.html with one page drawn into it: its title; the first-paint script and antd's styles before the
 * app's stylesheet (antd's own come first on the client too, so the app's rules win as they do there); the page's
 * stylesheets and chunks after the entry's, where Vite's loader looks for them (it adds none it finds); and the
 * markup in #root, marked with the path it was drawn for.
 */
export function pageDocument(template: string, page: RenderedPage, assets: PageAssets, base: string): string {
  const links = [
    ...assets.css.map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...assets.js.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ].join('');
  let html = replaceOnce(
    template,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(page.title)}</title><script>${page.firstPaintScript}</script>${page.styles}`,
  );
  html = replaceOnce(html, /<\/head>/, `${links}</head>`);
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" data-prerendered="${escapeHtml(page.path)}">${page.markup}</div>`,
  );
}
