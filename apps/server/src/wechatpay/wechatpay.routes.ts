import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wechatPayEndpoints as ep } from '@mchweb/contract';
import type { ModuleContext } from '../module.ts';
import { applyPaymentNotice, finishRefund, PAYER_OPENID_COOKIE } from '../modules/order/index.ts';
import { route } from '../route.ts';
import type { WechatPayConfig } from './wechatpay-config.ts';
import { NoticeRefused } from './wechatpay-channel.ts';

/** How long the payer's openid is kept for the cashier: the time to pay one order, and a little more. */
const OPENID_MAX_AGE_S = 30 * 60;

/**
 * WeChat Pay's notices and the payer's snsapi_base sign-in. Without WeChat Pay (`wechat` null) the paths answer
 * that it is not connected. Notices are read as the exact text that arrived (the signature covers it), verified
 * and decrypted by the adapter, and applied by the order module; a refused one changes nothing, is logged with why,
 * and answers 401 SIGN_ERROR, as WeChat Pay's own servers answer a bad signature.
 */
export const wechatPayRoutes =
  (wechat: { config: WechatPayConfig } | null): FastifyPluginAsyncZod<ModuleContext> =>
  async (app, { config, channels }) => {
    const settings = { tz: config.timezone };
    // This plugin's JSON bodies stay text: the notice's signature is over the bytes as sent, not a re-serialisation.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    const off = { code: 'NOT_CONNECTED', message: 'WeChat Pay is not connected to this server (WECHATPAY_* unset)' };

    route(app, ep.notify, async (request, reply) => {
      if (!wechat) return reply.code(404).send(off);
      let notice;
      try {
        // The registry's adapter of WECHAT is this wing's (app.ts), behind the logging wrapper.
        notice = await channels.payment('WECHAT').parseNotice({ headers: request.headers, body: request.body });
      } catch (err) {
        if (!(err instanceof NoticeRefused)) throw err;
        request.log.warn({ channel: 'WECHAT', reason: err.message }, 'WeChat Pay notice refused');
        return reply.code(401).send({ code: 'SIGN_ERROR', message: err.message });
      }
      try {
        if (notice.kind === 'payment') await applyPaymentNotice(app.db, notice.payment, settings, channels);
        else await finishRefund(app.db, notice.refund, settings);
      } catch (err) {
        // Not applied (an unknown order, the database away): WeChat Pay resends the notice later.
        request.log.error({ channel: 'WECHAT', err }, 'WeChat Pay notice not applied');
        return reply.code(500).send({ code: 'FAIL', message: 'not applied; send it again' });
      }
      return reply.code(204).send();
    });

    route(app, ep.oauth, async (request, reply) => {
      if (!wechat) return reply.code(404).send(off);
      const back = `${wechat.config.publicOrigin}${ep.oauthBack.path}`;
      const query = new URLSearchParams({
        appid: wechat.config.spAppid,
        redirect_uri: back,
        response_type: 'code',
        scope: 'snsapi_base',
        state: request.query.codeNo,
      });
      return reply.redirect(`${wechat.config.oauthBaseUrl}/connect/oauth2/authorize?${query}#wechat_redirect`);
    });

    route(app, ep.oauthBack, async (request, reply) => {
      if (!wechat) return reply.code(404).send(off);
      const page = `/mchweb/pay/${request.query.state}`;
      // No code (the payer backed out): the page offers the QR flow instead of asking again in a loop.
      if (!request.query.code) return reply.redirect(`${page}?wechat=denied`);
      const query = new URLSearchParams({
        appid: wechat.config.spAppid,
        secret: wechat.config.spAppSecret,
        code: request.query.code,
        grant_type: 'authorization_code',
      });
      let openid: string | undefined;
      try {
        const res = await fetch(`${wechat.config.snsBaseUrl}/sns/oauth2/access_token?${query}`, {
          signal: AbortSignal.timeout(10_000),
        });
        const answer = (await res.json()) as { openid?: string; errcode?: number; errmsg?: string };
        openid = answer.openid;
        if (!openid)
          request.log.warn({ errcode: answer.errcode, errmsg: answer.errmsg }, 'WeChat OAuth gave no openid');
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'WeChat OAuth did not answer');
      }
      if (!openid || !/^[\w-]{1,128}$/.test(openid)) return reply.redirect(`${page}?wechat=denied`);
      reply.setCookie(PAYER_OPENID_COOKIE, openid, {
        path: '/api/pay',
        httpOnly: true,
        sameSite: 'lax',
        secure: wechat.config.publicOrigin.startsWith('https:'),
        maxAge: OPENID_MAX_AGE_S,
      });
      // `?wechat=ok`: the page knows the sign-in is done and does not send the payer round again.
      return reply.redirect(`${page}?wechat=ok`);
    });
  };
