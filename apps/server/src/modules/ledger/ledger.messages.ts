import { text } from '../../i18n/text.ts';

/** The ledger's own refusals (a caller's recipe usually brings its own words for a short balance). */
export const LEDGER = {
  short: text('The balance does not cover this movement of money.', '余额不足，无法完成本次资金变动'),
};
