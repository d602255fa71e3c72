import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export const BASE = '/mchweb/';

/**
 * The built web app under /mchweb/: hashed assets cached for a year, index.html never cached, and any other
 * /mchweb/... path answers index.html so deep links and reloads work.
 */
async function webPlugin(app: FastifyInstance, opts: { webDist: string }) {
  const indexFile = path.join(opts.webDist, 'index.html');
  app.get('/', (_request, reply) => reply.redirect(BASE));
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`web build not found at ${opts.webDist}; run npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.webDist,
    prefix: BASE,
    index: false,
    wildcard: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendIndex = (_request: unknown, reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  app.get(BASE, sendIndex);
  app.get(`${BASE}*`, (request, reply) => {
    const rel = decodeURIComponent(request.url.slice(BASE.length).split('?')[0] ?? '');
    const file = path.join(opts.webDist, rel);
    if (rel && file.startsWith(opts.webDist) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      return reply.sendFile(rel);
    }
    // A missing hashed asset is a real 404, not the app shell.
    if (rel.startsWith('assets/')) return reply.code(404).type('text/plain').send('Not found');
    return sendIndex(request, reply);
  });
}

export default fp(webPlugin, { name: 'web' });
