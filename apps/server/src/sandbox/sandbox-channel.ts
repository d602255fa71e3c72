import crypto from 'node:crypto';
import { sandboxNotifyBody, sandboxPayoutNotifyBody, sandboxRefundNotifyBody } from '@mchweb/contract';
import type { Channels } from '../channels.ts';
import type { ChannelNotice, PaymentChannel } from '../payment-channel.ts';
import type { PayoutChannel } from '../payout-channel.ts';

/**
 * The sandbox channel, one adapter of each port for every channel (WeChat Pay, Alipay, UnionPay and payouts).
 * It sends nothing anywhere: the payer's cashier page "answers" a payment (its success and failure buttons post
 * the notice), and the sandbox's jobs answer refunds and payouts after their delay (channel-jobs.ts). Its notices
 * carry no signature; their bodies are the contract's sandbox notices.
 */
export const sandboxPayment: PaymentChannel = {
  availability: () => 'SANDBOX',
  createPayment: async () => ({ payerAction: {} }),
  queryPayment: async () => null,
  closePayment: async () => undefined,
  refund: async () => undefined,
  queryRefund: async () => null,
  async parseNotice({ body }): Promise<ChannelNotice> {
    const refund = sandboxRefundNotifyBody.safeParse(body);
    if (refund.success) return { kind: 'refund', refund: refund.data };
    const paid = sandboxNotifyBody.parse(body);
    // The channel's own trade number, as a real channel gives one with its notice of success.
    const channelTradeNo = `SBX${crypto.randomInt(1e9).toString().padStart(9, '0')}`;
    return { kind: 'payment', payment: paid.result === 'SUCCESS' ? { ...paid, channelTradeNo } : paid };
  },
  fetchStatement: async () => [],
};

export const sandboxPayout: PayoutChannel = {
  sendPayout: async () => undefined,
  queryPayout: async () => null,
  parseNotice: async ({ body }) => sandboxPayoutNotifyBody.parse(body),
};

export const SANDBOX_CHANNELS: Channels = { payment: () => sandboxPayment, payout: sandboxPayout };
