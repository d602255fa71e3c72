import type { Channel } from '@mchweb/contract';

/**
 * The chart of accounts. Money a merchant is owed sits in `pending` until its settlement (T+1) moves it to
 * `available`, from which transfers pay out; `in_transit` holds a transfer until the payout channel answers.
 * The platform's side: what each channel owes us for payments (`clearing`, debit-normal, so its entries are
 * negative) and the fees we earned (`fee_income`). Every account's entries are credit positive.
 */
export type MerchantPurse = 'pending' | 'available' | 'in_transit';
export const merchantAccount = (merchantId: number, purse: MerchantPurse) => `mch:${merchantId}:${purse}`;
export const channelClearing = (channel: Channel) => `channel:${channel}:clearing`;
export const FEE_INCOME = 'platform:fee_income';

/** Accounts whose running balance is kept (and may be checked before a debit): the merchants'. */
export const isMerchantAccount = (account: string) => account.startsWith('mch:');
