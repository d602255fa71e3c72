import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { Code } from '@mchweb/contract';
import type { Config } from '../config.ts';
import { BizError } from '../errors.ts';
import { M } from '../i18n/messages.ts';

/** Security headers (a CSP the app runs under without unsafe-eval) and a per-address API rate limit. */
async function securityPlugin(app: FastifyInstance, opts: { config: Config }) {
  await app.register(helmet, {
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
  });

  let redis: Redis | undefined;
  if (opts.config.redisUrl) {
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
    // The plugin throws what this returns: a BizError becomes the envelope (HTTP 200, code 429), because the
    // seed's client only toasts `msg` for code != 200. A plain object here would reach the error handler as
    // an unknown error (HTTP 500).
    errorResponseBuilder: (_request, context) =>
      new BizError(Code.TOO_MANY, M.tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000)))),
  });
}

export default fp(securityPlugin, { name: 'security' });
