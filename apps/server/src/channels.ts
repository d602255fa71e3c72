import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Channel } from '@mchweb/contract';
import type { ChannelAvailability, ChannelMerchant, PaymentChannel } from './payment-channel.ts';
import type { PayoutChannel } from './payout-channel.ts';

/**
 * Which adapter serves each channel: built once by app.ts and handed to the modules in their ModuleContext. The
 * order module asks `payment(order.channel)`, the transfer module `payout`; neither knows the adapters.
 */
export interface Channels {
  payment(channel: Channel): PaymentChannel;
  payout: PayoutChannel;
}

const notConnected = (what: string) => async (): Promise<never> => {
  throw new Error(`no ${what} channel is connected to this server`);
};

/** Marks the adapters of UNCONNECTED: nothing to download a statement from, nothing to check. */
const NOT_CONNECTED = Symbol('not connected');

/** Whether an adapter reaches a channel (the sandbox's or a real one), not UNCONNECTED's stand-in. */
export const isConnected = (adapter: PaymentChannel | PayoutChannel) => !(NOT_CONNECTED in adapter);

const unconnectedPayment: PaymentChannel = Object.assign(
  {
    availability: () => 'NOT_CONNECTED' as const,
    createPayment: async () => ({ payerAction: {} }),
    queryPayment: async () => null,
    closePayment: async () => undefined,
    refund: async () => undefined,
    queryRefund: async () => null,
    parseNotice: notConnected('payment'),
    fetchStatement: notConnected('payment'),
  },
  { [NOT_CONNECTED]: true },
);

/**
 * A server with no channel connected (production until the real adapters come): payments and refunds are asked
 * of nobody and stay waiting, as they always have there; a notice is refused; there is no statement to download.
 * Its adapters answer false to `isConnected`.
 */
export const UNCONNECTED: Channels = {
  payment: () => unconnectedPayment,
  payout: Object.assign(
    {
      sendPayout: async () => undefined,
      queryPayout: async () => null,
      parseNotice: notConnected('payout'),
    },
    { [NOT_CONNECTED]: true },
  ),
};

/** `channels` with `channel` served by `adapter` (a real channel's, e.g. WeChat Pay when it is configured). */
export const withPaymentAdapter = (channels: Channels, channel: Channel, adapter: PaymentChannel): Channels => ({
  ...channels,
  payment: (c) => (c === channel ? adapter : channels.payment(c)),
});

/** How a merchant can pay through a channel here (an adapter without `availability` is always LIVE). */
export const availabilityOf = (adapter: PaymentChannel, merchant: ChannelMerchant): ChannelAvailability =>
  adapter.availability?.(merchant) ?? 'LIVE';

/** What a call is about, for the log: the order's or refund's number (never a key, a token or a payer's id). */
const subjectOf = (call: string, args: unknown[]): Record<string, unknown> => {
  const [first] = args;
  if (typeof first === 'string')
    return call === 'queryRefund'
      ? { refundNo: first }
      : call === 'fetchStatement'
        ? { day: first }
        : { orderNo: first };
  if (first && typeof first === 'object') {
    const o = first as { orderNo?: unknown; refundNo?: unknown; amountFen?: unknown };
    return { orderNo: o.orderNo, refundNo: o.refundNo, amountFen: o.amountFen };
  }
  return {};
};

/**
 * Every call of every payment adapter logged: a call id, the channel and call, what it is about (order or
 * refund number), latency, and the outcome (ok or the error's message). No secrets: arguments other than those
 * numbers, answers (JSAPI tickets, code URLs) and notices' bodies are never written.
 */
export function loggedChannels(channels: Channels, log: FastifyBaseLogger): Channels {
  const wrap = (channel: Channel, adapter: PaymentChannel): PaymentChannel => {
    const out: Record<string, unknown> = { ...adapter };
    for (const [call, fn] of Object.entries(adapter)) {
      if (typeof fn !== 'function' || call === 'availability') continue;
      out[call] = async (...args: unknown[]) => {
        const callId = crypto.randomBytes(6).toString('hex');
        const started = performance.now();
        const line = { channelCall: { callId, channel, call, ...subjectOf(call, args) } };
        try {
          const answer = await (fn as (...a: unknown[]) => Promise<unknown>).apply(adapter, args);
          log.info({ ...line, ms: Math.round(performance.now() - started), outcome: 'ok' }, 'channel call');
          return answer;
        } catch (err) {
          log.warn(
            { ...line, ms: Math.round(performance.now() - started), outcome: 'error', error: (err as Error).message },
            'channel call failed',
          );
          throw err;
        }
      };
    }
    return out as unknown as PaymentChannel;
  };
  // One wrapper per adapter and channel (a test's registry may make a new adapter on every call).
  const wrapped = new WeakMap<PaymentChannel, Map<Channel, PaymentChannel>>();
  return {
    ...channels,
    payment(channel) {
      const adapter = channels.payment(channel);
      const ofAdapter = wrapped.get(adapter) ?? new Map<Channel, PaymentChannel>();
      wrapped.set(adapter, ofAdapter);
      const w = ofAdapter.get(channel) ?? wrap(channel, adapter);
      ofAdapter.set(channel, w);
      return w;
    },
  };
}
