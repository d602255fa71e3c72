import type { Channel } from '@mchweb/contract';

/**
 * The chart of accounts, private to the ledger (the recipes name them; other modules speak of merchants and
 * purses). Money a merchant is owed sits in `pending` until its settlement (T+1) moves it to `available`, from
 * which transfers pay out; `in_transit` holds a transfer until the payout channel answers. The platform's side:
 * what each channel owes us for payments (`clearing`, debit-normal, so its entries are negative), the fees we
 * earned (`fee_income`), what we paid out to payees (`payout`), an outside split receiver's share we owe
 * (`split:<applyNo>:<n>`) and operators' corrections (`adjustments`). Every account's entries are credit positive.
 */
export type MerchantPurse = 'pending' | 'available' | 'in_transit';
export const MERCHANT_PURSES: readonly MerchantPurse[] = ['pending', 'available', 'in_transit'];
export const merchantAccount = (merchantId: number, purse: MerchantPurse) => `mch:${merchantId}:${purse}`;
export const channelClearing = (channel: Channel) => `channel:${channel}:clearing`;
export const splitReceivable = (applyNo: string, receiver: number) => `split:${applyNo}:${receiver}`;
export const FEE_INCOME = 'platform:fee_income';
export const PAYOUTS = 'platform:payout';
export const ADJUSTMENTS = 'platform:adjustments';

/** Accounts whose running balance is kept (and may be checked before a debit): the merchants'. */
export const isMerchantAccount = (account: string) => account.startsWith('mch:');

/** SQL patterns of the same names, for the ledger's own set-based queries. */
export const MERCHANT_ACCOUNT_LIKE = 'mch:%';
export const purseLike = (purse: MerchantPurse) => `mch:%:${purse}`;
