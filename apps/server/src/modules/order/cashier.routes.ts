import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderEndpoints as ep } from '@mchweb/contract';
import { ok } from '../../errors.ts';
import type { ModuleContext } from '../../module.ts';
import type { ChannelPayer } from '../../payment-channel.ts';
import { route } from '../../route.ts';
import { cashierCode as codeForPayer, cashierOrder as orderForPayer, createPayment } from './cashier.service.ts';

/** The payer's WeChat openid under our sp_appid, kept for the cashier's JSAPI order (HttpOnly, /api/pay only). */
export const PAYER_OPENID_COOKIE = 'mchweb_wx_openid';
/** The payer's Alipay user id under our app (auth_base, set by the Alipay wing's OAuth return), likewise. */
export const PAYER_ALIPAY_COOKIE = 'mchweb_ali_uid';

/**
 * Inside Alipay with the payer's user id: trade.create (paid by AlipayJSBridge); another phone's browser: the
 * wap payment (Alipay's page opens the app), back to the code's page; a desktop: the QR (no payer).
 */
function alipayPayer(
  userId: string | undefined,
  userAgent: string | undefined,
  origin: string | null,
  codeNo: string,
): ChannelPayer | undefined {
  if (userId) return { alipayUserId: userId };
  if (/Mobile|Android|iPhone|iPad/i.test(userAgent ?? ''))
    return { alipayWap: true, ...(origin ? { returnUrl: `${origin}/mchweb/pay/${codeNo}` } : {}) };
  return undefined;
}

/**
 * The public cashier a payer reaches by scanning a code (/mchweb/pay/:codeNo). No sign-in: the code number and the
 * order number are the credentials, as on a printed code and a receipt. The channels' notices arrive elsewhere
 * (the sandbox wing's, and the real channels' with their adapters).
 */
const cashierRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, { config, channels }) => {
  const settings = { tz: config.timezone };
  route(app, ep.cashierCode, async (request) => ok(await codeForPayer(app.db, request.params.codeNo, channels)));
  route(app, ep.cashierCreate, async (request) => {
    // Inside WeChat, the payer's openid (snsapi_base, set by the WeChat Pay wing's OAuth return) makes a JSAPI order.
    const openid = request.cookies[PAYER_OPENID_COOKIE];
    const payer =
      request.body.channel === 'WECHAT'
        ? openid
          ? { wechatOpenid: openid }
          : undefined
        : request.body.channel === 'ALIPAY'
          ? alipayPayer(
              request.cookies[PAYER_ALIPAY_COOKIE],
              request.headers['user-agent'],
              config.publicOrigin,
              request.body.codeNo,
            )
          : undefined;
    return ok(await createPayment(app.db, request.actor, request.body, settings, channels, payer));
  });
  route(app, ep.cashierOrder, async (request) => ok(await orderForPayer(app.db, request.params.orderNo)));
};
export default cashierRoutes;
