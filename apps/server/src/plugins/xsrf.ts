import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Code } from '@mchweb/contract';
import { platformSecret } from '../db/platform-secret.ts';
import { M } from '../i18n/messages.ts';
import { sendEnvelope } from './envelope.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const KNOWN_MAX = 10_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** A fresh XSRF value this server accepts (what the cookie carries); tests and tools use it too. */
    xsrfToken(): string;
  }
}

/**
 * Double-submit XSRF with a signed value: every response sets the cookie when the browser has none (axios reads
 * it and echoes it in X-XSRF-TOKEN), and every non-GET API call must echo it. A cross-site page can send the
 * cookie but cannot read it, so it cannot forge the header. The value is `nonce.mac`, signed with the platform's
 * secret (kept in the database, shared by every server process): a value another party planted in the cookie
 * (from a sibling subdomain, say) is refused even when the header repeats it.
 */
async function xsrfPlugin(app: FastifyInstance) {
  const secret = await platformSecret(app.db, 'xsrf');
  const mac = (nonce: string) => crypto.createHmac('sha256', secret).update(nonce).digest('base64url').slice(0, 32);
  // A client without the cookie gets a fresh value on every answer, so the nonces come from a pool filled 256 at
  // a time: one call into the CSPRNG per nonce cost more than the rest of the XSRF check. Each byte is used once.
  const pool = Buffer.alloc(18 * 256);
  let used = pool.length;
  const issue = () => {
    if (used === pool.length) {
      crypto.randomFillSync(pool);
      used = 0;
    }
    const nonce = pool.toString('base64url', used, (used += 18));
    return `${nonce}.${mac(nonce)}`;
  };
  const issuedHere = (value: string) => {
    const [nonce, given, extra] = value.split('.');
    if (!nonce || !given || extra !== undefined) return false;
    const expected = Buffer.from(mac(nonce));
    const actual = Buffer.from(given);
    return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
  };
  // Values already found good, remembered (a good value stays good: the secret does not change), since the HMAC
  // was most of the check on every call. At most KNOWN_MAX of them, forgotten all at once when full.
  const known = new Set<string>();
  const good = (value: string) => {
    if (known.has(value)) return true;
    if (!issuedHere(value)) return false;
    if (known.size >= KNOWN_MAX) known.clear();
    known.add(value);
    return true;
  };
  app.decorate('xsrfToken', issue);

  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const valid = typeof cookie === 'string' && good(cookie);
    // Never on a hashed asset: it is cached for a year (immutable), and a first visit's two dozen parallel
    // requests would each set a different value under the page.
    if (!valid && !request.url.startsWith('/mchweb/assets/')) {
      reply.setCookie(XSRF_COOKIE, issue(), {
        path: '/',
        sameSite: 'strict',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const header = request.headers[XSRF_HEADER];
    const echoed =
      valid &&
      typeof header === 'string' &&
      cookie.length === header.length &&
      crypto.timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
    if (!echoed) return sendEnvelope(reply, Code.FORBIDDEN, M.xsrf);
  });
}

export default fp(xsrfPlugin, { name: 'xsrf', dependencies: ['@fastify/cookie', 'envelope', 'database'] });
