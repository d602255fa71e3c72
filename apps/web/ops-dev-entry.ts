import type { Plugin } from 'vite';

/** The dev server answers /ops and /ops/* with the operator console's entry, as the server does (plugins/web.ts). */
export function opsDevEntry(): Plugin {
  return {
    name: 'mchweb-ops-dev-entry',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === '/ops' || req.url?.startsWith('/ops/')) req.url = '/mchweb/ops.html';
        next();
      });
    },
  };
}
