import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { endpointPaths } from './endpoint-paths';
import { pageDocument, type PageAssets } from './prerender-document';
import type * as RenderEntry from './src/app/prerender/render';

/** What the build bundled for one chunk of the browser's code. */
interface Chunk {
  imports: string[];
  css: string[];
}

/** The module the server-side bundle starts from, and what it exports (src/app/prerender/render.tsx). */
const RENDER_ENTRY = 'src/app/prerender/render.tsx';
type RenderModule = typeof RenderEntry;

/** Where a page of the first visit lives in the sources: its layout and its page module (docs/web.md, "Adding a page"). */
const moduleOf = {
  layout: (area: string) => `/src/app/layouts/${area}-layout.tsx`,
  page: (routePath: string) => new RegExp(`/src/features/[\\w-]+/pages/${routePath.slice(1)}\\.page\\.tsx$`),
};

/**
 * A first-visit page's own chunks and stylesheets (its layout and page, and what they import), by file name, less
 * what the template already loads: the prerendered document links them so the page is styled at its first paint and
 * its code downloads beside the entry's, not after it.
 */
function assetsOf(facades: string[], chunks: Map<string, Chunk>, template: string): PageAssets {
  const js = new Set<string>();
  const visit = (file: string) => {
    if (js.has(file)) return;
    js.add(file);
    chunks.get(file)?.imports.forEach(visit);
  };
  facades.forEach(visit);
  const css = [...js].flatMap((file) => chunks.get(file)?.css ?? []);
  const fresh = (file: string) => !template.includes(`/${file}"`);
  return { js: [...js].filter(fresh), css: [...new Set(css)].filter(fresh) };
}

/** localStorage for the render in Node: empty, as a first visit's (the pages read the language and the session). */
function withEmptyStorage<T>(run: () => Promise<T>): Promise<T> {
  const values = new Map<string, string>();
  const storage = {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, String(value)),
    removeItem: (key: string) => void values.delete(key),
    clear: () => values.clear(),
    key: (i: number) => [...values.keys()][i] ?? null,
    get length() {
      return values.size;
    },
  };
  const before = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
  return run().finally(() => {
    if (before) Object.defineProperty(globalThis, 'localStorage', before);
    else Reflect.deleteProperty(globalThis, 'localStorage');
  });
}

/** The app bundled for Node (React DOM's server renderer, antd's style cache), imported from a scratch folder. */
async function loadRenderer(config: ResolvedConfig): Promise<RenderModule> {
  const outDir = path.join(config.cacheDir, 'prerender');
  const output = await build({
    configFile: false,
    envDir: false,
    root: config.root,
    base: config.base,
    mode: config.mode,
    logLevel: 'warn',
    resolve: { alias: { '@': path.join(config.root, 'src') } },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [endpointPaths(), react()],
    ssr: { noExternal: true },
    build: {
      ssr: path.join(config.root, RENDER_ENTRY),
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: false,
      // The entry named by its content: Node keeps a module it imported once (vite build --watch rebuilds in one
      // process), and the chunks that import from the entry must reach the very module imported here (a query
      // on this import would make a second copy of it, with its own i18n and React contexts).
      rolldownOptions: { output: { entryFileNames: 'render-[hash].mjs', chunkFileNames: '[name]-[hash].mjs' } },
    },
  });
  const entry = [output]
    .flat()
    .flatMap((o) => ('output' in o ? o.output : []))
    .find((o) => o.type === 'chunk' && o.isEntry);
  if (!entry) throw new Error('prerender: the render bundle has no entry');
  return (await import(pathToFileURL(path.join(outDir, entry.fileName)).href)) as RenderModule;
}

/**
 * The pages a newcomer opens first (`prerender: true` in app/paths.ts), drawn at build time in the default language
 * and written as documents of their own, `dist/prerendered/<page>.html`, with `paths.json` saying which request path
 * each answers (docs/web.md, "Prerendered pages"). The browser then shows the page with the HTML, before any
 * script has run, and hydrates it. Not for the console's build, nor a hash-mode one (the server sees no route).
 */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  const chunks = new Map<string, Chunk>();
  const facades = new Map<string, string>();
  return {
    name: 'mchweb-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // The bundle as written: Vite drops chunks that only held CSS after the generate hooks.
    writeBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.set(out.fileName, { imports: out.imports, css: [...(out.viteMetadata?.importedCss ?? [])] });
        if (out.facadeModuleId) facades.set(out.facadeModuleId.split(path.sep).join('/'), out.fileName);
      }
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (config.build.ssr || config.mode === 'ops' || config.env.VITE_ROUTER_MODE === 'hash') return;
        const dist = path.resolve(config.root, config.build.outDir);
        const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
        const facade = (test: (id: string) => boolean, what: string) => {
          const found = [...facades].filter(([id]) => test(id));
          if (found.length !== 1) throw new Error(`prerender: ${found.length} chunks for ${what}`);
          return found[0]![1];
        };
        const out = path.join(dist, 'prerendered');
        fs.mkdirSync(out, { recursive: true });
        const answers: Record<string, string> = {};
        await withEmptyStorage(async () => {
          const renderer = await loadRenderer(config);
          for (const { path: routePath, area } of renderer.PRERENDERED) {
            const files = [
              facade((id) => id.endsWith(moduleOf.layout(area)), `the ${area} layout`),
              facade((id) => moduleOf.page(routePath).test(id), routePath),
            ];
            const assets = assetsOf(files, chunks, template);
            const missing = [...assets.js, ...assets.css].filter((f) => !fs.existsSync(path.join(dist, f)));
            if (missing.length)
              throw new Error(`prerender: ${routePath} would load ${missing.join(', ')}, not in the build`);
            const page = await renderer.renderPage(routePath);
            const file = `${routePath.slice(1)}.html`;
            fs.writeFileSync(
              path.join(out, file),
              pageDocument(template, page, assets, config.base, (f) => fs.readFileSync(path.join(dist, f), 'utf8')),
            );
            answers[routePath] = file;
          }
          // A signed-out visitor of a page behind the sign-in is sent to /login: its document answers them too.
          for (const guarded of renderer.SENT_TO_LOGIN) answers[guarded] ??= answers[renderer.LOGIN]!;
        });
        fs.writeFileSync(path.join(out, 'paths.json'), JSON.stringify(answers, null, 2));
      },
    },
  };
}
