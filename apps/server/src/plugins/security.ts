import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { Code } from '@mchweb/contract';
import type { Config } from '../config.ts';
import { BizError } from '../errors.ts';
import { M } from '../i18n/messages.ts';

const HSTS = 'max-age=31536000; includeSubDomains';

/** Helmet's headers that only mean something on a document (an HTML page), not on a script or stylesheet. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * The headers helmet's middleware sets with these options, read once by running it on a stand-in response: with our
 * options they are the same on every answer (the CSP directives are plain strings, no function of the request). They
 * go out as the reply's own headers. Set on the raw response, as helmet's middleware does, they cost eleven calls
 * through its chain and Node's header checks per answer, and sent every other header of the answer down Node's slow
 * path too (`writeHead` merges the reply's headers one by one into headers set before; with none set before it
 * takes them as they are). Same library, same options, so the same headers.
 */
function helmetHeaders(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  let failed: unknown;
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => void (failed = err));
  if (failed) throw failed;
  return headers;
}

/** Security headers (a CSP the app runs under without unsafe-eval) and a per-address API rate limit. */
async function securityPlugin(app: FastifyInstance, opts: { config: Config }) {
  const headers = helmetHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // antd (cssinjs) writes <style> tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Sent below, and only over HTTPS.
      strictTransportSecurity: false,
    }),
  );
  // A hashed script or stylesheet needs none of the document's policies: about 0.8 KB less on each of the two dozen
  // files of a first visit. nosniff and the cross-origin resource policy stay.
  const assetHeaders = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !DOCUMENT_ONLY_HEADERS.includes(name)),
  );
  // Chosen when the request comes in, from its URL and protocol (as the answer's hooks would: no later hook sets
  // these headers), in one synchronous hook rather than an asynchronous onSend on every answer.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/mchweb/assets/') ? assetHeaders : headers);
    // Only over HTTPS: over plain HTTP the header is meaningless (RFC 6797 says ignore it).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });

  let redis: Redis | undefined;
  if (opts.config.redisUrl) {
    // Imported only with a Redis to talk to: loading ioredis is 80 ms of a start that has none (issue 26).
    const { Redis } = await import('ioredis');
    redis = new Redis(opts.config.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error: rate limits fail open'));
    app.addHook('onClose', async () => void redis?.disconnect());
  }
  await app.register(rateLimit, {
    global: true,
    max: opts.config.rateLimitPerMinute,
    timeWindow: 60_000,
    redis,
    skipOnError: true,
    nameSpace: 'mchweb-rl:',
    allowList: (request) => !request.url.startsWith('/api/'),
    // A caller whose connection closed before this hook (behind HAProxy: a node under load, the client gone) has
    // no address any more; the plugin's own key would throw (HTTP 500) on it.
    keyGenerator: (request) => request.ip ?? 'closed',
    // The plugin throws what this returns: a BizError becomes the envelope (HTTP 200, code 429), because the
    // seed's client only toasts `msg` for code != 200. A plain object here would reach the error handler as
    // an unknown error (HTTP 500).
    errorResponseBuilder: (_request, context) =>
      new BizError(Code.TOO_MANY, M.tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000)))),
  });
}

export default fp(securityPlugin, { name: 'security' });
