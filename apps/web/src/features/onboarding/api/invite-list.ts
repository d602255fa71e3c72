import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InviteListBody, InvitePage } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { onboardingKeys, type InviteListFilter } from './query-keys';

export type { InviteListFilter };

/** POST /inco/invite/list: the organisation's invitations, newest first, keyset pages. */
export const fetchInviteList = (body: InviteListBody, signal?: AbortSignal) =>
  apiPost<InvitePage>('/inco/invite/list', body, { signal });

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
