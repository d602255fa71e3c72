import type { Channel, OrderStatus, RefundStatus } from '@mchweb/contract';
import { formatFen } from '@mchweb/contract/money';

/*
 * The contract's value lists and patterns, repeated here: its order module builds zod schemas, and a value import
 * would put zod in this feature's chunks (docs/web.md, "Budget"). order-values.test.ts checks they stay equal.
 */
export const ORDER_STATUS_LIST = [
  'PENDING',
  'SUCCESS',
  'FAILED',
  'CLOSED',
  'PARTIAL_REFUNDED',
  'REFUNDED',
] as const satisfies readonly OrderStatus[];
export const REFUND_STATUS_LIST = ['PROCESSING', 'SUCCESS', 'FAILED'] as const satisfies readonly RefundStatus[];
export const CHANNEL_LIST = ['WECHAT', 'ALIPAY', 'UNIONPAY'] as const satisfies readonly Channel[];
/** The contract's ORDER_NO_RE and CODE_NO_RE. */
export const ORDER_NO_PATTERN = /^P\d{20}$/;
export const CODE_NO_PATTERN = /^[1-9]\d{11}$/;
/** The contract's MCH_NO_RE. */
export const MCH_NO_PATTERN = /^M\d{9,12}$/;
/** The contract's REFUND_REASON_MAX and the label filter's limit. */
export const REFUND_REASON_MAX = 80;
export const LABEL_MAX = 30;
/** The contract's ORDER_DEFAULT_DAYS: the filter's default range is this many days back and today (S9.5). */
export const ORDER_DEFAULT_DAYS = 7;
export type { Channel, OrderStatus, RefundStatus };

/** Money as everyone reads it: 123456 fen -> "¥1,234.56", -5 -> "-¥0.05". */
export function yuan(fen: number): string {
  const text = formatFen(fen);
  return text.startsWith('-') ? `-¥${text.slice(1)}` : `¥${text}`;
}
