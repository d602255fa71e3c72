import { newIdempotencyKey } from '@/lib/idempotency-key';
import type { Channel } from '../order-values';

const PREFIX = 'mchweb.payKey:';
const slot = (codeNo: string, amountFen: number, channel: Channel) => `${PREFIX}${codeNo}:${amountFen}:${channel}`;

/**
 * The idempotency key of one intended payment: made once per code, amount and channel and kept in the tab's
 * sessionStorage, so a double tap, a retry after a network failure or a reload sends the same key and the server
 * answers the same order instead of making a second one. Forgotten once that order has ended (paid, failed or
 * closed), so the next payment of the same amount is a new one.
 */
export function paymentKey(codeNo: string, amountFen: number, channel: Channel): string {
  const name = slot(codeNo, amountFen, channel);
  let key = sessionStorage.getItem(name);
  if (!key) {
    key = newIdempotencyKey();
    sessionStorage.setItem(name, key);
  }
  return key;
}

export function forgetPaymentKey(codeNo: string, amountFen: number, channel: Channel): void {
  sessionStorage.removeItem(slot(codeNo, amountFen, channel));
}
