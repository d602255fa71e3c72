import type { BusinessCategory, Channel, MerchantStatus, MerchantType } from '@mchweb/contract';

/*
 * The contract's value lists, repeated here: its merchant module builds zod schemas, and a value import would put
 * zod in this feature's chunk (docs/web.md, "Budget"). merchant-values.test.ts checks they stay equal.
 */
export const MERCHANT_STATUS_LIST = ['ACTIVE', 'FROZEN', 'CLOSED'] as const satisfies readonly MerchantStatus[];
export const MERCHANT_TYPE_LIST = [
  'INDIVIDUAL',
  'ENTERPRISE',
  'SMALL_MICRO',
] as const satisfies readonly MerchantType[];
export const CHANNEL_LIST = ['WECHAT', 'ALIPAY', 'UNIONPAY'] as const satisfies readonly Channel[];
export type { BusinessCategory, Channel, MerchantStatus, MerchantType };

/** 3.8 (‰) -> "0.38": the same rate as a percentage, which is how many merchants compare rates. */
export function percentOf(rate: number): string {
  return (Math.round(rate * 10) / 100).toFixed(2);
}
