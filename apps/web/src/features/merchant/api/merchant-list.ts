import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MerchantListBody } from '@mchweb/contract';
import { merchantEndpoints } from '@mchweb/contract/merchant/endpoints';
import { call } from '@/lib/api-client';
import { merchantKeys, type MerchantListFilter } from './query-keys';

export type { MerchantListFilter };
export const MERCHANT_PAGE_SIZE = 20;

/** POST /merchant/list: the organisation's merchants, newest first, keyset pages (`nextCursor` back as `cursor`). */
export const fetchMerchantList = (body: MerchantListBody, signal?: AbortSignal) =>
  call(merchantEndpoints.list, { body }, { signal });

export const merchantListQuery = (filter: MerchantListFilter, limit = MERCHANT_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...merchantKeys.list(filter), limit],
    queryFn: ({ signal, pageParam }) =>
      fetchMerchantList({ ...filter, limit, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
export const useMerchantList = (filter: MerchantListFilter, limit?: number) =>
  useInfiniteQuery(merchantListQuery(filter, limit));
