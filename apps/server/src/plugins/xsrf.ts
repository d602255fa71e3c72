import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { Code, MERCHANT_API_V1 } from '@mchweb/contract';
import { platformSecret } from '../db/platform-secret.ts';
import { M } from '../i18n/messages.ts';
import { sendEnvelope } from './envelope.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const KNOWN_MAX = 10_000;

/** A value is accepted this long after it was issued (issue 25.9: values never expired)... */
export const XSRF_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** ...and a new one is set on any answer once it is this old, so an active user's never reaches the limit. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A fresh XSRF value this server accepts (what the cookie carries) for calls with this session token, or
     * for calls without a session; tests and tools use it too.
     */
    xsrfToken(sessionToken?: string): string;
  }
  interface FastifyReply {
    /** Set a new XSRF cookie bound to the session a sign-in just started (issue 25.9: rotated at sign-in). */
    bindXsrf(sessionToken: string): void;
  }
}

/**
 * Double-submit XSRF with a signed value: every response sets the cookie when the browser has none (axios reads
 * it and echoes it in X-XSRF-TOKEN), and every non-GET API call must echo it. A cross-site page can send the
 * cookie but cannot read it, so it cannot forge the header. The value is `issued.nonce.sid.mac`, signed with the
 * platform's secret (kept in the database, shared by every server process): a value another party planted in
 * the cookie (from a sibling subdomain, say) is refused even when the header repeats it.
 *
 * Issue 25.9: `sid` is an HMAC of the session token (`-` without one), so a call with a session must carry a value
 * issued for that session: one taken from another session (the planter's own) is refused. A sign-in sets a new
 * value for its new session. A call without a session (sign-in, the public cashier) has nothing to protect and
 * takes any value this server issued, so a tab whose session ended is not refused on its next sign-in. Values
 * expire after XSRF_MAX_AGE_MS and are renewed well before.
 */
async function xsrfPlugin(app: FastifyInstance) {
  const secret = await platformSecret(app.db, 'xsrf');
  const hmac = (text: string) => crypto.createHmac('sha256', secret).update(text).digest('base64url');
  const mac = (signed: string) => hmac(signed).slice(0, 32);
  // A session's sid, remembered as the values below are (at most KNOWN_MAX, of tokens of a session's length): its
  // HMAC on every call was a twentieth of the order list's own work in the server.
  const sids = new Map<string, string>();
  const sidOf = (sessionToken: string | undefined) => {
    if (!sessionToken) return '-';
    let sid = sids.get(sessionToken);
    if (sid === undefined) {
      sid = hmac(`session:${sessionToken}`).slice(0, 16);
      if (sids.size >= KNOWN_MAX) sids.clear();
      if (sessionToken.length < 200) sids.set(sessionToken, sid);
    }
    return sid;
  };
  // A client without the cookie gets a fresh value on every answer, so the nonces come from a pool filled 256 at
  // a time: one call into the CSPRNG per nonce cost more than the rest of the XSRF check. Each byte is used once.
  const pool = Buffer.alloc(18 * 256);
  let used = pool.length;
  const issue = (sessionToken?: string) => {
    if (used === pool.length) {
      crypto.randomFillSync(pool);
      used = 0;
    }
    const nonce = pool.toString('base64url', used, (used += 18));
    const signed = `${Math.floor(Date.now() / 1000).toString(36)}.${nonce}.${sidOf(sessionToken)}`;
    return `${signed}.${mac(signed)}`;
  };
  /** The value's issue time and session, when this server issued it; null otherwise. */
  const issuedHere = (value: string) => {
    const parts = value.split('.');
    if (parts.length !== 4 || parts.some((p) => !p)) return null;
    const [issued, , sid, given] = parts as [string, string, string, string];
    const expected = Buffer.from(mac(parts.slice(0, 3).join('.')));
    const actual = Buffer.from(given);
    if (actual.length !== expected.length || !crypto.timingSafeEqual(actual, expected)) return null;
    return { issuedMs: parseInt(issued, 36) * 1000, sid };
  };
  // Values already found genuine, remembered (the secret does not change), since the HMAC was most of the check
  // on every call. At most KNOWN_MAX of them, forgotten all at once when full. Age and session are checked anew.
  const known = new Map<string, { issuedMs: number; sid: string }>();
  const genuine = (value: string) => {
    const found = known.get(value) ?? issuedHere(value);
    if (!found) return null;
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(value, found);
    return found;
  };
  const setCookie = (reply: FastifyReply, value: string) =>
    reply.setCookie(XSRF_COOKIE, value, {
      path: '/',
      sameSite: 'strict',
      httpOnly: false,
      secure: reply.request.protocol === 'https',
    });
  app.decorate('xsrfToken', issue);
  app.decorateReply('bindXsrf', function (this: FastifyReply, sessionToken: string) {
    setCookie(this, issue(sessionToken));
  });

  app.addHook('onRequest', async (request, reply) => {
    // The merchant API takes a bearer key, never a cookie: no other site's page can borrow it, and the programs
    // calling it need no cookie.
    if (request.url.startsWith(`${MERCHANT_API_V1}/`)) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const token = request.headers.token;
    const sessionToken = typeof token === 'string' && token !== '' ? token : undefined;
    const found = typeof cookie === 'string' ? genuine(cookie) : null;
    const age = found ? Date.now() - found.issuedMs : Infinity;
    const valid = found !== null && age < XSRF_MAX_AGE_MS && (!sessionToken || found.sid === sidOf(sessionToken));
    // Never on a hashed asset: it is cached for a year (immutable), and a first visit's two dozen parallel
    // requests would each set a different value under the page.
    if ((!valid || age > RENEW_AFTER_MS) && !request.url.startsWith('/mchweb/assets/')) {
      setCookie(reply, issue(sessionToken));
    }
    if (SAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    // A payment channel's server-to-server notice carries no cookie: it is proven by the channel's signature.
    if (request.url.startsWith(CHANNEL_NOTICES)) return;
    const header = request.headers[XSRF_HEADER];
    const echoed =
      valid &&
      typeof header === 'string' &&
      cookie!.length === header.length &&
      crypto.timingSafeEqual(Buffer.from(cookie!), Buffer.from(header));
    if (!echoed) return sendEnvelope(reply, Code.FORBIDDEN, M.xsrf);
  });
}

/** The real channels' notices (`/api/pay/notify/wechat`, `/api/pay/notify/alipay`). */
const CHANNEL_NOTICES = '/api/pay/notify/';

export default fp(xsrfPlugin, { name: 'xsrf', dependencies: ['@fastify/cookie', 'envelope', 'database'] });
