// The Alipay wing: the adapter of the payment channel port for Alipay's OpenAPI as a service provider, through
// alipay-sdk (alipay-channel.ts, alipay-client.ts), its trade bill (alipay-bill.ts), and the routes of its notices
// and the payer's auth_base sign-in (alipay.routes.ts). app.ts adds it when ALIPAY_* is set; modules never import
// it: they reach Alipay through the port like any channel.
import type { AppModule } from '../module.ts';
import type { AlipayConfig } from './alipay-config.ts';
import { alipayRoutes } from './alipay.routes.ts';

export { alipayChannel, AlipayNoticeRefused, CHECK_TRADE_NO } from './alipay-channel.ts';
export type { AlipayConfig } from './alipay-config.ts';

/** The wing on a server: its routes (answering "not connected" without a configuration). */
export function alipay(config: AlipayConfig | null): { module: AppModule } {
  return {
    module: {
      name: config ? 'alipay' : 'alipay (off)',
      routes: [{ plugin: alipayRoutes(config && { config }), prefix: '/api/pay' }],
    },
  };
}
