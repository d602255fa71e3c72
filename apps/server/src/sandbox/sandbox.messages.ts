import { text } from '../i18n/text.ts';

/** Messages of the sandbox wing. */
export const SANDBOX = {
  paymentsOff: text('The sandbox channel is off on this server', '本服务器未开启沙箱支付渠道'),
  payoutsOff: text('The sandbox payout channel is off on this server', '本服务器未开启沙箱出款渠道'),
} as const;
