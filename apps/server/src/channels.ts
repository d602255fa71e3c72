import type { Channel } from '@mchweb/contract';
import type { PaymentChannel } from './payment-channel.ts';
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
