import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { antdFirstVisit } from './antd-first-visit';
import { endpointPaths } from './endpoint-paths';
import { opsDevEntry } from './ops-dev-entry';
import { payerDevEntry, payerOnPreact, payerSharedModules } from './payer-on-preact';
import { precompress } from './precompress';
import { prerender } from './prerender';

/** Packages whose modules have no import-time side effects although their package.json does not say so. */
const PURE_PACKAGES =
  /[\\/]node_modules[\\/](@rc-component[\\/]|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/])/;

const payerShared = payerSharedModules();

const API = process.env.MCHWEB_API ?? 'http://127.0.0.1:8080';

/** Lazy chunks a first visit may load: the public site, sign-in and sign-up, their layouts. */
const FIRST_VISIT_PAGES =
  /(^|\/)(home|product|case|login|login-error|register|protocal[\w-]*|blank-layout|public-layout|auth-shell)[.-]/;

/**
 * The operator console (/ops/, ops.html) is a build of its own (`vite build --mode ops`, after the portal's: it
 * adds its files to the same dist, under assets/ops/). One build of both would split the modules they share
 * (React, antd, our lib/) into chunks shaped by both, and the portal's first visit would pay for the console's
 * (docs/web.md, "The operator console").
 */
const OPS_MODE = 'ops';

export default defineConfig(({ mode }) => ({
  base: '/mchweb/',
  plugins: [
    endpointPaths(),
    antdFirstVisit(),
    payerOnPreact(),
    payerShared.plugin,
    payerDevEntry(),
    opsDevEntry(),
    react(),
    // Before precompress: both write at the end of the build, and the prerendered pages are compressed too.
    prerender(),
    precompress(),
  ],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  server: {
    port: 5173,
    proxy: { '/api': API, '/healthz': API },
  },
  build: {
    outDir: 'dist',
    // The console's build adds to the portal's (see OPS_MODE).
    emptyOutDir: mode !== OPS_MODE,
    assetsDir: mode === OPS_MODE ? 'assets/ops' : 'assets',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // Browsers without <link rel=modulepreload> (Safari before 17) still load the modules, only later.
    // A lazy page's own imports are preloaded with it only for the pages a first visit may open (the public site
    // and sign-in): the lists for every signed-in page cost /login ~3 KB of entry code for pages it never opens;
    // those pages fetch their few shared chunks one round trip later, after sign-in.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'html' || FIRST_VISIT_PAGES.test(file) ? deps : [],
    },
    rolldownOptions: {
      // The portal, and the payer's page (/mchweb/pay/:codeNo) as its own small entry (docs/web.md, "The payer's page");
      // or the console alone.
      input: (mode === OPS_MODE
        ? { ops: path.resolve(import.meta.dirname, 'ops.html') }
        : {
            index: path.resolve(import.meta.dirname, 'index.html'),
            pay: path.resolve(import.meta.dirname, 'pay.html'),
          }) as Record<string, string>,
      treeshake: {
        // antd's helper packages do not declare `sideEffects: false`, so every module they import is kept in
        // full (antd's ConfigProvider alone drags all of @rc-component/form and its validator onto /login).
        // They are plain ES modules without import-time effects; let the bundler drop what is not used.
        moduleSideEffects: [{ test: PURE_PACKAGES, sideEffects: false }],
      },
      output: {
        // The libraries every first visit needs ($initial: statically imported from index.html's entry) in one
        // file instead of ~15 small ones: gzip compresses them together better (~6 KB less on /login), and
        // they change less often than our code, which stays in the entry chunk.
        // Preact is the payer's page's alone (payer-on-preact.ts): it stays in that entry's chunk.
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/](?!preact[\\/])/ },
            { name: 'payer-shared', test: payerShared.payerOnly },
            { name: 'portal-payer-common', test: payerShared.withPortal, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    // Component tests render antd forms in jsdom: several seconds each on a loaded 2-core machine (CI runs
    // them beside the server's tests), which the default 5 s does not leave room for.
    testTimeout: 20_000,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
  },
}));
