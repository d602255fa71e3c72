import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { IncoListBody } from '@mchweb/contract';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';
import { onboardingKeys, type IncoListFilter } from './query-keys';

export type { IncoListFilter };
export const INCO_PAGE_SIZE = 20;

/** POST /inco/list: the organisation's applications, newest first, keyset pages (`nextCursor` back as `cursor`). */
export const fetchIncoList = (body: IncoListBody, signal?: AbortSignal) =>
  call(onboardingEndpoints.list, { body }, { signal });

export const incoListQuery = (filter: IncoListFilter, limit = INCO_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...onboardingKeys.list(filter), limit],
    queryFn: ({ signal, pageParam }) =>
      fetchIncoList({ ...filter, limit, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
export const useIncoList = (filter: IncoListFilter, limit?: number) => useInfiniteQuery(incoListQuery(filter, limit));
