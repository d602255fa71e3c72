import type { Channel, MovementKind, SettlementStatus } from '@mchweb/contract';

/*
 * The contract's value lists, repeated here: its settlement module builds zod schemas, and a value import would
 * put zod in the pages' chunks (docs/web.md, "Budget"). values.test.ts checks they stay equal.
 */
export const SETTLEMENT_STATUS_LIST = ['PENDING', 'SETTLED', 'FAILED'] as const satisfies readonly SettlementStatus[];
export const MOVEMENT_KIND_LIST = ['PAYMENT', 'REFUND', 'REFUND_REVERSAL'] as const satisfies readonly MovementKind[];
export const CHANNEL_LIST = ['WECHAT', 'ALIPAY', 'UNIONPAY'] as const satisfies readonly Channel[];
/** The contract's MCH_NO_RE and SETTLE_NO_RE. */
export const MCH_NO_PATTERN = /^M\d{9,12}$/;
export const SETTLE_NO_PATTERN = /^S\d{8}M\d{9,12}$/;
export type { Channel, MovementKind, SettlementStatus };
