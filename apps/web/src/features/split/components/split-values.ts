import type { SplitStatus } from '@mchweb/contract';

/*
 * The contract's value lists and limits, repeated here: its div module builds zod schemas, and a value import
 * would put zod in this feature's chunks (docs/web.md, "Budget"). split-values.test.ts checks they stay equal.
 */
export const SPLIT_STATUS_LIST = [
  'SUBMITTED',
  'APPROVED',
  'REJECTED',
  'CANCELED',
] as const satisfies readonly SplitStatus[];
/** All receivers together may have at most this many percent of the merchant's trade. */
export const SPLIT_TOTAL_LIMIT = 30;
export const SPLIT_RECEIVERS_LIMIT = 5;
/** The contract's SPLIT_APPLY_NO_RE and MCH_NO_RE. */
export const SPLIT_APPLY_NO_PATTERN = /^D\d{20}$/;
export const MCH_NO_PATTERN = /^M\d{9,12}$/;
/** The most characters of an outside receiver's name and bank, and of the remark. */
export const NAME_MAX = 50;
export const REMARK_MAX = 100;
export type { SplitStatus };

/** The filters' placeholders are their only visible labels: dark enough to read (antd's default is 0.25 alpha). */
export const READABLE_PLACEHOLDERS = { token: { colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)' } };

/** The whole percent a `reg` field holds ("" and anything else count 0). */
export const percentOf = (typed: unknown) => (typeof typed === 'string' && /^\d+$/.test(typed) ? Number(typed) : 0);

/** The total of the ratios typed so far. */
export const totalOf = (receivers: readonly ({ ratio?: string } | undefined)[] | undefined) =>
  (receivers ?? []).reduce((sum, r) => sum + percentOf(r?.ratio), 0);
