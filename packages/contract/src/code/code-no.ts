import { z } from 'zod';

/**
 * Payment codes (收款码): printed QR codes that open the public cashier `/mchweb/pay/:codeNo`. Generated in
 * batches, then bound to a merchant (optionally with a fixed amount and a label), unbound, rebound or disabled.
 */
export const CODE_STATUSES = ['UNBOUND', 'BOUND', 'DISABLED'] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];

/** A code number: 12 digits, not starting with 0, drawn at random so printed codes do not reveal their neighbours. */
export const CODE_NO_RE = /^[1-9]\d{11}$/;
export const codeNo = z.string().trim().regex(CODE_NO_RE, 'must be a payment code number of 12 digits');

/** A label printed on the cashier page and kept with each order (the till, the table, the product). */
export const codeLabel = z.string().trim().max(30, 'must be at most 30 characters');

/** The public cashier of a code, under the web app's base: what its QR code opens (after the public origin). */
export function codePayPath(no: string): string {
  return `/mchweb/pay/${no}`;
}

/**
 * The public cashier of one order made without a code (the merchant API's payments): what the merchant's system
 * shows the payer as a QR code. The payer's page (pay.html) reads the order number from it.
 */
export function orderPayPath(orderNo: string): string {
  return `/mchweb/pay/order/${orderNo}`;
}
