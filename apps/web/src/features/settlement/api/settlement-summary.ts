import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettlementFilter } from '@mchweb/contract';
import { settlementEndpoints } from '@mchweb/contract/settlement/endpoints';
import { call } from '@/lib/api-client';
import { settlementKeys } from './query-keys';

/** POST /settlement/summary (settlement:view): how many settlements the filter holds and their figures summed. */
export const fetchSettlementSummary = (filter: SettlementFilter, signal?: AbortSignal) =>
  call(settlementEndpoints.summary, { body: filter }, { signal });

export const settlementSummaryQuery = (filter: SettlementFilter) =>
  queryOptions({
    queryKey: settlementKeys.summary(filter),
    queryFn: ({ signal }) => fetchSettlementSummary(filter, signal),
  });
export const useSettlementSummary = (filter: SettlementFilter) => useQuery(settlementSummaryQuery(filter));
