import type { SettlementFilter } from '@mchweb/contract';

/**
 * The query keys of the settlement feature, in one place. `all` is the prefix of every key here (the list pages
 * and the totals of a filter, one settlement, the movements it covers).
 */
export const settlementKeys = {
  all: ['settlement'] as const,
  lists: () => [...settlementKeys.all, 'list'] as const,
  list: (filter: SettlementFilter) => [...settlementKeys.lists(), filter] as const,
  summary: (filter: SettlementFilter) => [...settlementKeys.all, 'summary', filter] as const,
  detail: (settleNo: string) => [...settlementKeys.all, 'detail', settleNo] as const,
  movements: (settleNo: string) => [...settlementKeys.all, 'movements', settleNo] as const,
};
