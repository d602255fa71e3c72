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
