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

/**
 * A server with no channel connected (production until the real adapters come): payments and refunds are asked
 * of nobody and stay waiting, as they always have there; a notice is refused.
 */
export const UNCONNECTED: Channels = {
  payment: () => ({
    createPayment: async () => ({ payerAction: {} }),
    queryPayment: async () => null,
    closePayment: async () => undefined,
    refund: async () => undefined,
    queryRefund: async () => null,
    parseNotice: notConnected('payment'),
    fetchStatement: async () => [],
  }),
  payout: {
    sendPayout: async () => undefined,
    queryPayout: async () => null,
    parseNotice: notConnected('payout'),
  },
};
