import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { acceptedEncoding, webDocuments } from './web-documents.ts';

export const BASE = '/mchweb/';
/**
 * The operator console (issue 28): its own entry of the same build (`ops.html`, assets under /mchweb/assets/),
 * served at /ops/ with its own fallback, so the merchant app never loads it and it never loads the merchant app.
 */
export const OPS_BASE = '/ops/';

/** What @fastify/static sends with every file that a hashed asset (cached a year, immutable) has no use for. */
const ASSET_HEADERS_UNUSED = ['etag', 'last-modified', 'accept-ranges'];

/**
 * The file of the built app a URL path names, relative to `dist`, or null: an undecodable escape, a NUL, a
 * name longer than any file system allows or a path outside `dist` is simply not a file (never an error).
 */
function builtFile(dist: string, urlPath: string): string | null {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!rel || rel.length > 1024 || rel.includes('\0')) return null;
  const file = path.join(dist, rel);
  if (!file.startsWith(dist + path.sep)) return null;
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ? rel : null;
  } catch {
    return null; // ENAMETOOLONG and friends
  }
}

/**
 * The app shell with the zone of the business days in it (`<meta name="mchweb-time-zone">`), read by the pages
 * before their first render: they show every instant and count "today" in the server's MCHWEB_TZ, not in the
 * browser's zone. The zone was checked at start (config.ts), so it needs no escaping beyond what a zone name holds.
 */
export function shellWithZone(html: string, timeZone: string): string {
  const meta = `<meta name="mchweb-time-zone" content="${timeZone.replace(/[^\w/+-]/g, '')}" />`;
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : `${meta}${html}`;
}

/**
 * The prerendered page that answers an app path (`/login`), or null: the build draws the pages of a first visit
 * into documents of their own and says in `prerendered/paths.json` which path each answers (docs/web.md,
 * "Prerendered pages"); /login's also answers the pages behind the sign-in, where a visitor without a session is
 * sent. Read at each request, as the shell is: a build made while the server runs may change it.
 */
export async function prerenderedPage(dist: string, appPath: string): Promise<string | null> {
  let answers: Record<string, unknown>;
  try {
    answers = JSON.parse(await fs.promises.readFile(path.join(dist, 'prerendered', 'paths.json'), 'utf8'));
  } catch {
    return null; // no prerender in this build (the hash-mode one, an older one)
  }
  const file = Object.hasOwn(answers, appPath) ? answers[appPath] : null;
  return typeof file === 'string' && /^[\w-]+\.html$/.test(file) ? path.join(dist, 'prerendered', file) : null;
}

/**
 * The document's own inline scripts allowed by their hashes (the policy otherwise allows scripts from this origin
 * only): a prerendered page's first-paint script, which must run before the first paint, so cannot be a file. Only
 * the build's documents come through here, and only a bare `<script>` counts (inlineScriptHashes).
 */
const withScriptHashes = (hashes: string[], policy: string) =>
  hashes.length ? policy.replace(/(^|;)\s*script-src ([^;]*)/, `$1script-src $2 ${hashes.join(' ')}`) : policy;

/**
 * The built web app under /mchweb/: hashed assets cached for a year, index.html never cached, and any other
 * /mchweb/... path answers its prerendered page, or index.html, so deep links and reloads work.
 */
async function webPlugin(app: FastifyInstance, opts: { webDist: string; timeZone: string }) {
  const indexFile = path.join(opts.webDist, 'index.html');
  // The payer's page (/mchweb/pay/:codeNo) is its own small entry of the build (docs/web.md, "The payer's page").
  const payFile = path.join(opts.webDist, 'pay.html');
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
    // The build writes x.js.br and x.js.gz beside x.js (apps/web/precompress.ts): the one the browser accepts
    // is sent, with Vary: Accept-Encoding.
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A hashed file never changes under its name and is never asked for again while cached: its validators and
      // byte ranges serve nobody, and cost about 100 bytes on each of the two to three dozen files of a first visit.
      if (hashed) for (const name of ASSET_HEADERS_UNUSED) res.removeHeader(name);
    },
  });
  // Looked at on each load of the app (not once): a build made while the server runs names new assets. Prepared
  // once per build, compressed ahead where it is worth it (web-documents.ts).
  const documentOf = webDocuments((html) => shellWithZone(html, opts.timeZone));
  const sendShell = async (file: string, request: FastifyRequest, reply: FastifyReply) => {
    const document = await documentOf(file);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string')
      reply.header('content-security-policy', withScriptHashes(document.scriptHashes, policy));
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const compressed = encoding && document[encoding];
    if (!compressed) return reply.send(document.html);
    return reply.header('Content-Encoding', encoding).header('Vary', 'Accept-Encoding').send(compressed);
  };
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => sendShell(indexFile, request, reply);
  // Every /ops/... path answers the console's shell (its router takes the rest); without the entry in the build,
  // a plain 404 rather than the merchant app.
  const opsFile = path.join(opts.webDist, 'ops.html');
  const sendOps = (request: FastifyRequest, reply: FastifyReply) =>
    fs.existsSync(opsFile)
      ? sendShell(opsFile, request, reply)
      : reply.code(404).type('text/plain').send('The operator console is not in this build');
  app.get(OPS_BASE, sendOps);
  app.get(`${OPS_BASE}*`, sendOps);
  app.get(BASE, sendIndex);
  app.get(`${BASE}*`, async (request, reply) => {
    const urlPath = request.url.slice(BASE.length).split('?')[0] ?? '';
    const rel = builtFile(opts.webDist, urlPath);
    if (rel) return reply.sendFile(rel);
    // A missing hashed asset is a real 404, not the app shell.
    if (request.url.startsWith(`${BASE}assets/`)) return reply.code(404).type('text/plain').send('Not found');
    if (request.url.startsWith(`${BASE}pay/`) && fs.existsSync(payFile)) return sendShell(payFile, request, reply);
    const prerendered = await prerenderedPage(opts.webDist, `/${urlPath}`);
    return sendShell(prerendered ?? indexFile, request, reply);
  });
}

export default fp(webPlugin, { name: 'web' });
