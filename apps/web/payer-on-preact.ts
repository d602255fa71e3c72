import type { Plugin } from 'vite';

/** The modules of the payer's page: its entry and the cashier's components (features/order/cashier). */
const PAYER = /[\\/]src[\\/](pay-main\.tsx|features[\\/]order[\\/]cashier[\\/])/;
const PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

/**
 * The payer's page is drawn by Preact in the build: React DOM alone is ~59 KB brotli, the payer's whole budget
 * (issue 26: at most 60 KB before the payer can pay); Preact with its React layer is ~5 KB. Its components are
 * written against React's API, and the dev server and the unit tests run them on React; only the build swaps the
 * renderer, for the modules of that entry alone (the portal keeps React). The cashier e2e spec runs the build.
 */
export function payerOnPreact(): Plugin {
  return {
    name: 'mchweb-payer-on-preact',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const target = PREACT[source];
      if (!target || !importer || !PAYER.test(importer)) return null;
      return this.resolve(target, importer, { ...options, skipSelf: true });
    },
  };
}

/** The dev server answers /mchweb/pay/* with the payer's entry, as the server does (plugins/web.ts). */
export function payerDevEntry(): Plugin {
  return {
    name: 'mchweb-payer-dev-entry',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url?.startsWith('/mchweb/pay/')) req.url = '/mchweb/pay.html';
        next();
      });
    },
  };
}

/**
 * The modules the payer's entry shares with the portal's lazy pages (the order's endpoints and values, money,
 * the idempotency key...): left to the bundler, each is its own small chunk, and a phone on a slow network fetches
 * eight of them, six at a time, before the page can draw. Gathered here into one chunk (the `payer-shared` group of
 * vite.config.ts). Modules the portal's entry also loads stay where the bundler puts them (with the portal's
 * first visit), so /login does not grow; the cashier's own modules and Preact stay in the payer's entry chunk.
 */
export function payerSharedModules(): {
  plugin: Plugin;
  payerOnly: (id: string) => boolean;
  withPortal: (id: string) => boolean;
} {
  const shared = new Set<string>();
  const common = new Set<string>();
  const staticGraph = (ctx: { getModuleInfo(id: string): { importedIds: readonly string[] } | null }, from: string) => {
    const seen = new Set<string>();
    const queue = [from];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const plugin: Plugin = {
    name: 'mchweb-payer-shared-modules',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const entry = (file: string) => ids.find((id) => id.endsWith(`${'/'}${file}`) || id.endsWith(`\\${file}`));
      const pay = entry('pay.html') ?? entry('pay-main.tsx');
      const index = entry('index.html') ?? entry('main.tsx');
      if (!pay || !index) return;
      const portal = staticGraph(this, index);
      for (const id of staticGraph(this, pay)) {
        if (id === pay || PAYER.test(id) || /[\\/]node_modules[\\/]/.test(id)) continue;
        (portal.has(id) ? common : shared).add(id);
      }
    },
  };
  return { plugin, payerOnly: (id) => shared.has(id), withPortal: (id) => common.has(id) };
}
