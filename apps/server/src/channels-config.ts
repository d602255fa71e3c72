import { UNCONNECTED, withPaymentAdapter, type Channels } from './channels.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { sandboxChannels } from './sandbox/index.ts';
import { wechatPayChannel } from './wechatpay/wechatpay-channel.ts';
import { alipayChannel } from './alipay/alipay-channel.ts';

/**
 * The channels' adapters this configuration connects: app.ts hands them to the modules, `npm run ops --
 * channel:check` checks them. The base is the sandbox's simulated channels (or none in production; a test may
 * pass its own), and each real channel whose settings are present serves its channel over it: WeChat Pay when
 * WECHATPAY_* is set, Alipay when ALIPAY_* is, in the sandbox too (the tests' fake gateways).
 */
export function configuredChannels(config: Config, db: Db, base?: Channels): Channels {
  const channels = base ?? (config.sandbox ? sandboxChannels(db) : UNCONNECTED);
  const withWechat = config.wechatPay
    ? withPaymentAdapter(channels, 'WECHAT', wechatPayChannel(config.wechatPay))
    : channels;
  return config.alipay ? withPaymentAdapter(withWechat, 'ALIPAY', alipayChannel(config.alipay)) : withWechat;
}
