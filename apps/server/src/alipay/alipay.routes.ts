import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alipayEndpoints as ep } from '@mchweb/contract';
import type { ModuleContext } from '../module.ts';
import { applyPaymentNotice, finishRefund, PAYER_ALIPAY_COOKIE } from '../modules/order/index.ts';
import { route } from '../route.ts';
import { alipaySdk } from './alipay-client.ts';
import { AlipayNoticeRefused } from './alipay-channel.ts';
import type { AlipayConfig } from './alipay-config.ts';

/** How long the payer's user id is kept for the cashier: the time to pay one order, and a little more. */
const USER_ID_MAX_AGE_S = 30 * 60;

/**
 * Alipay's notices and the payer's auth_base sign-in. Without Alipay (`alipay` null) the paths answer that it is
 * not connected. A notice is a form whose fields Alipay signed (RSA2, verified by the adapter through the SDK) and
 * is applied by the order module; the answer is the plain text `success` only when applied (or already applied),
 * anything else makes Alipay send it again. A refused notice changes nothing and is logged with why.
 */
export const alipayRoutes =
  (alipay: { config: AlipayConfig } | null): FastifyPluginAsyncZod<ModuleContext> =>
  async (app, { config, channels }) => {
    const settings = { tz: config.timezone };
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // Not connected: answered as WeChat Pay's wing does (JSON), there is no Alipay to read it.
    const off = { code: 'NOT_CONNECTED', message: 'Alipay is not connected to this server (ALIPAY_* unset)' };
    const sdk = alipay && alipaySdk(alipay.config);
    sdk?.catch(() => {}); // awaited where used

    route(app, ep.notify, async (request, reply) => {
      if (!alipay) return reply.code(404).send(off);
      let notice;
      try {
        // The registry's adapter of ALIPAY is this wing's (app.ts), behind the logging wrapper.
        notice = await channels.payment('ALIPAY').parseNotice({ headers: request.headers, body: request.body });
      } catch (err) {
        if (!(err instanceof AlipayNoticeRefused)) throw err;
        request.log.warn({ channel: 'ALIPAY', reason: err.message }, 'Alipay notice refused');
        return reply.type('text/plain').send('fail');
      }
      try {
        if (notice.kind === 'payment') await applyPaymentNotice(app.db, notice.payment, settings, channels);
        else await finishRefund(app.db, notice.refund, settings);
      } catch (err) {
        // Not applied (an unknown order, another amount, the database away): Alipay sends it again later.
        request.log.error({ channel: 'ALIPAY', err }, 'Alipay notice not applied');
        return reply.type('text/plain').send('fail');
      }
      return reply.type('text/plain').send('success');
    });

    route(app, ep.oauth, async (request, reply) => {
      if (!alipay) return reply.code(404).send(off);
      const query = new URLSearchParams({
        app_id: alipay.config.appId,
        scope: 'auth_base',
        redirect_uri: `${alipay.config.publicOrigin}${ep.oauthBack.path}`,
        state: request.query.codeNo,
      });
      return reply.redirect(`${alipay.config.oauthUrl}?${query}`);
    });

    route(app, ep.oauthBack, async (request, reply) => {
      if (!alipay || !sdk) return reply.code(404).send(off);
      const page = `/mchweb/pay/${request.query.state}`;
      // No code (the payer backed out): the page offers another way rather than asking again in a loop.
      if (!request.query.auth_code) return reply.redirect(`${page}?alipay=denied`);
      let userId: string | undefined;
      try {
        // The user's own call, not a merchant's: no app_auth_token.
        const answer = await (
          await sdk
        ).exec(
          'alipay.system.oauth.token',
          { grant_type: 'authorization_code', code: request.query.auth_code },
          { validateSign: true },
        );
        userId = (answer.user_id ?? answer.open_id) as string | undefined;
        if (!userId) request.log.warn({ code: answer.code, subCode: answer.sub_code }, 'Alipay OAuth gave no user id');
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'Alipay OAuth did not answer');
      }
      if (!userId || !/^[\w-]{1,128}$/.test(userId)) return reply.redirect(`${page}?alipay=denied`);
      reply.setCookie(PAYER_ALIPAY_COOKIE, userId, {
        path: '/api/pay',
        httpOnly: true,
        sameSite: 'lax',
        secure: alipay.config.publicOrigin.startsWith('https:'),
        maxAge: USER_ID_MAX_AGE_S,
      });
      return reply.redirect(`${page}?alipay=ok`);
    });
  };
