import type { RenderedPage } from './src/app/prerender/render';

/** The page's own chunks and stylesheets, by file name under the build's base. */
export interface PageAssets {
  js: string[];
  css: string[];
}

/** Elements the start script adds per task (a preload is ~0.6 ms of the main thread on a desktop). */
const PER_TASK = 4;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function replaceOnce(html: string, find: RegExp, by: string): string {
  if (!find.test(html)) throw new Error(`prerender: the app's index.html has no ${find.source}`);
  return html.replace(find, () => by);
}

/** Each match's first group, and the html without the matches. */
function takeAll(html: string, find: RegExp): { found: string[]; rest: string } {
  const found = [...html.matchAll(find)].map((m) => m[1]!);
  return { found, rest: html.replace(find, '') };
}

/**
 * The script at the end of a prerendered document that starts the app after the first paint: it links the page's
 * stylesheets, disabled (they are inlined: linked so Vite's loader finds them and does not load them again, and
 * disabled so the browser neither fetches them nor works out every element's style again for them), preloads
 * every chunk of the entry and the page, and adds the entry. In the head, as Vite writes them, Chrome ran the
 * preloaded modules before painting the HTML in most runs (the first paint then waited for ~200 KB of script on a
 * phone: docs/benchmarks.md, "Lighthouse on a phone"). A request animation frame's callback runs before the next
 * paint, so the timeout in it runs after that paint. The elements go in a few per task (PER_TASK): each preload
 * starts a request, and /login's 30 added at once were one task of ~20 ms on a desktop, ~190 ms on the phone of
 * Lighthouse's calibrated pass (its largest blocking task after the first paint).
 */
export function startScript(base: string, entry: string, js: string[], css: string[]): string {
  const list = (files: string[]) => JSON.stringify(files.map((f) => base + f));
  return (
    `requestAnimationFrame(function(){var h=document.head,q=[];` +
    `${list(css)}.forEach(function(f){q.push(["link",{rel:"stylesheet",href:f,disabled:true}])});` +
    `${list(js)}.forEach(function(f){q.push(["link",{rel:"modulepreload",href:f}])});` +
    `q.push(["script",{type:"module",src:${JSON.stringify(base + entry)}}]);` +
    `function add(t,a){var e=document.createElement(t);for(var k in a)e[k]=a[k];e.crossOrigin="";h.appendChild(e)}` +
    `function next(){q.splice(0,${PER_TASK}).forEach(function(x){add(x[0],x[1])});if(q.length)setTimeout(next,0)}` +
    `setTimeout(next,0)})`
  );
}

/**
 * The built index.html with one page drawn into it (docs/web.md, "Prerendered pages"): its title; the first-paint
 * script, antd's styles, then the app's and the page's stylesheets inlined (a few KB each: a request less before
 * the first paint, on slow 4G a round trip of 150 ms or more); the markup in #root, marked with the path it was drawn
 * for; and instead of the entry's module script and preloads in the head, the script that starts the app after
 * the first paint. `readAsset` reads a built file by its name under the base.
 */
export function pageDocument(
  template: string,
  page: RenderedPage,
  assets: PageAssets,
  base: string,
  readAsset: (file: string) => string,
): string {
  const at = (file: string) => file.slice(base.length);
  const entry = takeAll(template, /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g);
  if (entry.found.length !== 1) throw new Error(`prerender: ${entry.found.length} entry scripts in index.html`);
  const preloads = takeAll(entry.rest, /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g);
  const sheets = takeAll(preloads.rest, /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g);
  const css = [...sheets.found.map(at), ...assets.css];
  const js = [...preloads.found.map(at), ...assets.js];
  const inlined = css.map((file) => `<style>${readAsset(file).trim()}</style>`).join('');
  let html = replaceOnce(
    sheets.rest,
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(page.title)}</title><script>${page.firstPaintScript}</script>${page.styles}${inlined}`,
  );
  html = replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" data-prerendered="${escapeHtml(page.path)}">${page.markup}</div>`,
  );
  return replaceOnce(html, /<\/body>/, `<script>${startScript(base, at(entry.found[0]!), js, css)}</script></body>`);
}
