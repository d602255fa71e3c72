// The WeChat Pay wing: the adapter of the payment channel port for WeChat Pay API v3 in partner mode
// (wechatpay-channel.ts), its signatures (wechatpay-sign.ts), its trade bill (wechatpay-bill.ts), and the routes of
// its notices and the payer's openid (wechatpay.routes.ts). app.ts adds it when WECHATPAY_* is set; modules never
// import it: they reach WeChat Pay through the port like any channel.
import type { AppModule } from '../module.ts';
import type { PaymentChannel } from '../payment-channel.ts';
import { wechatPayChannel } from './wechatpay-channel.ts';
import type { WechatPayConfig } from './wechatpay-config.ts';
import { wechatPayRoutes } from './wechatpay.routes.ts';

export { wechatPayChannel, NoticeRefused, NOTICE_MAX_AGE_SECONDS } from './wechatpay-channel.ts';
export type { WechatPayConfig } from './wechatpay-config.ts';

/** The wing on a server: its routes (answering "not connected" without a configuration) and its adapter. */
export function wechatPay(config: WechatPayConfig | null): { module: AppModule; adapter: PaymentChannel | null } {
  const adapter = config ? wechatPayChannel(config) : null;
  return {
    adapter,
    module: {
      name: config ? 'wechatpay' : 'wechatpay (off)',
      routes: [{ plugin: wechatPayRoutes(config && { config }), prefix: '/api/pay' }],
    },
  };
}
