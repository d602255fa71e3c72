import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '@mchweb/contract';
import { sendEnvelope } from './envelope.ts';
import { M } from '../i18n/messages.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit XSRF: every response sets the cookie when the browser has none (axios reads it and echoes it
 * in X-XSRF-TOKEN), and every non-GET API call must echo it. A cross-site page can send the cookie but cannot
 * read it, so it cannot forge the header.
 */
async function xsrfPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    // Never on a hashed asset: it is cached for a year (immutable), and a first visit's two dozen parallel
    // requests would each set a different value under the page.
    if (!cookie && !request.url.startsWith('/mchweb/assets/')) {
      reply.setCookie(XSRF_COOKIE, crypto.randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const header = request.headers[XSRF_HEADER];
    const valid =
      typeof cookie === 'string' &&
      typeof header === 'string' &&
      cookie.length === header.length &&
      crypto.timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
    if (!valid) {
      return sendEnvelope(reply, Code.FORBIDDEN, M.xsrf);
    }
  });
}

export default fp(xsrfPlugin, { name: 'xsrf', dependencies: ['@fastify/cookie', 'envelope'] });
