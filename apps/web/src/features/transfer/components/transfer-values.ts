import type { PayeeType, TransferStatus } from '@mchweb/contract';

/*
 * The contract's value lists and patterns, repeated here: its funds module builds zod schemas, and a value import
 * would put zod in this feature's chunks (docs/web.md, "Budget"). transfer-values.test.ts checks they stay equal.
 */
export const PAYEE_TYPE_LIST = ['BANK_CARD', 'ALIPAY', 'WECHAT'] as const satisfies readonly PayeeType[];
export const TRANSFER_STATUS_LIST = ['PROCESSING', 'SUCCESS', 'FAILED'] as const satisfies readonly TransferStatus[];
/** The contract's TRANSFER_NO_RE and MCH_NO_RE. */
export const TRANSFER_NO_PATTERN = /^T\d{20}$/;
export const MCH_NO_PATTERN = /^M\d{9,12}$/;
/** An Alipay account: its mobile number or e-mail. */
export const ALIPAY_ACCOUNT_PATTERN = /^(1[3-9]\d{9}|[^\s@]+@[^\s@]+\.[^\s@]+)$/;
/** A WeChat openid: 20 to 40 letters, digits, - or _. */
export const WECHAT_OPENID_PATTERN = /^[A-Za-z0-9_-]{20,40}$/;
/** The most characters of a holder's name, a bank's name and a transfer's remark. */
export const NAME_MAX = 50;
export const REMARK_MAX = 50;
/** The transfer filter's default range: this many days back and today (S9.5). */
export const TRANSFER_DEFAULT_DAYS = 7;
export type { PayeeType, TransferStatus };

/** "6222 0212 3456 7890": a card number as typed, digits only, in groups of four. */
export const groupedCard = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
