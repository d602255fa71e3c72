import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ApplicationListBody } from '@mchweb/contract';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';
import { onboardingKeys, type ApplicationListFilter } from './query-keys';

export type { ApplicationListFilter };
export const APPLICATION_PAGE_SIZE = 20;

/** POST /inco/list: the organisation's applications, newest first, keyset pages (`nextCursor` back as `cursor`). */
export const fetchApplicationList = (body: ApplicationListBody, signal?: AbortSignal) =>
  call(onboardingEndpoints.list, { body }, { signal });

export const applicationListQuery = (filter: ApplicationListFilter, limit = APPLICATION_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...onboardingKeys.list(filter), limit],
    queryFn: ({ signal, pageParam }) =>
      fetchApplicationList({ ...filter, limit, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
export const useApplicationList = (filter: ApplicationListFilter, limit?: number) =>
  useInfiniteQuery(applicationListQuery(filter, limit));
