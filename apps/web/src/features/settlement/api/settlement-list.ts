import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SettlementFilter, SettlementListBody } from '@mchweb/contract';
import { settlementEndpoints } from '@mchweb/contract/settlement/endpoints';
import { call } from '@/lib/api-client';
import { settlementKeys } from './query-keys';

export const SETTLEMENT_PAGE_SIZE = 20;

/**
 * POST /settlement/list (settlement:view): the settlements of the filter, newest day first, keyset pages
 * (`nextCursor` back as `cursor`). `background`: "load more" of a list already shown, without the top bar.
 */
export const fetchSettlementList = (body: SettlementListBody, signal?: AbortSignal, background = false) =>
  call(settlementEndpoints.list, { body }, { signal, background });

export const settlementListQuery = (filter: SettlementFilter, limit = SETTLEMENT_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...settlementKeys.list(filter), limit],
    queryFn: ({ signal, pageParam }) =>
      fetchSettlementList({ ...filter, limit, ...(pageParam ? { cursor: pageParam } : {}) }, signal, !!pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
/** Settlements are made once a day (T+1): the list is read when the filter changes, not polled. */
export const useSettlementList = (filter: SettlementFilter) => useInfiniteQuery(settlementListQuery(filter));
