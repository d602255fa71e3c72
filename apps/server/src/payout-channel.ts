import type { ConnectionCheck } from './connection-check.ts';

/**
 * The payout channel's port: where a transfer's money leaves the platform for a payee's account. Like the payment
 * channels' port (payment-channel.ts): amounts in fen, our transfer number is the channel's idempotent request
 * number, and the result comes later, as a notice or an answer to a query, which the transfer module applies only
 * to a transfer still PROCESSING. Adapters: the sandbox payout channel (sandbox/sandbox-payout.ts), later a bank's.
 */
export interface PayoutChannel {
  /** Send a new PROCESSING transfer's money. */
  sendPayout(payout: ChannelPayout): Promise<void>;
  /** The payout's result as the channel knows it now, or null while it is still processing. */
  queryPayout(transferNo: string): Promise<PayoutOutcome | null>;
  /** Verify a notice's signature (refused: throws) and read it. */
  parseNotice(notice: {
    headers: Record<string, string | string[] | undefined>;
    body: unknown;
  }): Promise<PayoutOutcome>;
  /** A harmless signed call proving the connection (`npm run ops -- channel:check`). Absent: nothing to check. */
  check?(): Promise<ConnectionCheck>;
}

export interface ChannelPayout {
  transferNo: string;
  amountFen: number;
  payee: { type: string; name: string; accountNo: string; bankName: string | null };
  remark: string;
}

export interface PayoutOutcome {
  transferNo: string;
  result: 'SUCCESS' | 'FAILED';
  failReason?: string;
}
