import crypto from 'node:crypto';
import {
  CHANNELS,
  sandboxNotifyBody,
  sandboxPayoutNotifyBody,
  sandboxRefundNotifyBody,
  type Channel,
} from '@mchweb/contract';
import { addDays, dayStart } from '../business-day.ts';
import type { Channels } from '../channels.ts';
import type { Db } from '../db/client.ts';
import { channelDayLines } from '../modules/order/index.ts';
import { STATEMENT_TZ } from '../modules/statement/index.ts';
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
  // Nothing leaves this server: the sandbox channel is always reachable.
  check: async () => ({ connected: true, detail: 'the sandbox channel (nothing leaves this server)' }),
};

export const sandboxPayout: PayoutChannel = {
  sendPayout: async () => undefined,
  queryPayout: async () => null,
  parseNotice: async ({ body }) => sandboxPayoutNotifyBody.parse(body),
  check: async () => ({ connected: true, detail: 'the sandbox payout channel (nothing leaves this server)' }),
};

/** The sandbox's channels without a database (tests wrapping them): their statements are empty. */
export const SANDBOX_CHANNELS: Channels = { payment: () => sandboxPayment, payout: sandboxPayout };

/**
 * The sandbox's channels on a database (what app.ts uses): the payment channel's statement of a day is what it answered, which is what
 * the orders recorded from its notices (payments paid through it, refunds it finished that day, China's day as
 * the real channels count it). So a sandbox's statements reconcile; tests make differences by editing stored lines.
 */
export function sandboxChannels(db: Db): Channels {
  const payment = (channel: Channel): PaymentChannel => ({
    ...sandboxPayment,
    // Every merchant's answers in one statement, as WeChat Pay's: the merchants are not needed.
    async fetchStatement(day) {
      const start = dayStart(day, STATEMENT_TZ);
      return channelDayLines(db, channel, start, dayStart(addDays(day, 1), STATEMENT_TZ));
    },
  });
  const byChannel = new Map(CHANNELS.map((c) => [c, payment(c)]));
  return { payment: (channel) => byChannel.get(channel)!, payout: sandboxPayout };
}
