import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InviteListBody } from '@mchweb/contract';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';
import { onboardingKeys, type InviteListFilter } from './query-keys';

export type { InviteListFilter };

/** POST /inco/invite/list: the organisation's invitations, newest first, keyset pages. */
export const fetchInviteList = (body: InviteListBody, signal?: AbortSignal) =>
  call(onboardingEndpoints.inviteList, { body }, { signal });

export const inviteListQuery = (filter: InviteListFilter, limit = 20) =>
  infiniteQueryOptions({
    queryKey: [...onboardingKeys.inviteList(filter), limit],
    queryFn: ({ signal, pageParam }) =>
      fetchInviteList({ ...filter, limit, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
export const useInviteList = (filter: InviteListFilter, limit?: number) =>
  useInfiniteQuery(inviteListQuery(filter, limit));
