import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { splitListBody, SplitPage } from '@mchweb/contract';
import { splitEndpoints } from '@mchweb/contract/split/endpoints';
import { call } from '@/lib/api-client';
import { splitKeys, type SplitListFilter } from './query-keys';

export type SplitListInput = z.input<typeof splitListBody>;
export const SPLIT_PAGE_SIZE = 20;
/** How often a list with an application still SUBMITTED is read again, until the platform has decided it. */
export const SPLIT_POLL_MS = 3000;

/**
 * POST /div/list (split:view): the applications of the filter, newest first, keyset pages. `background`: a read
 * of pages already shown (the poll while one is under review, "load more"), without the top progress bar.
 */
export const fetchSplitList = (body: SplitListInput, signal?: AbortSignal, background = false) =>
  call(splitEndpoints.list, { body }, { signal, background });

export const splitListQuery = (filter: SplitListFilter, limit = SPLIT_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...splitKeys.list(filter), limit],
    queryFn: ({ signal, pageParam, client, queryKey }) =>
      fetchSplitList(
        { ...filter, limit, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
        client.getQueryData(queryKey) !== undefined,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });

/** True while one of the rows read is waiting for the platform's review. */
export const underReview = (pages: readonly SplitPage[] | undefined) =>
  (pages ?? []).some((p) => p.rows.some((r) => r.status === 'SUBMITTED'));

/** The list, read again every SPLIT_POLL_MS while one of its rows is SUBMITTED (paused in a hidden tab). */
export const useSplitList = (filter: SplitListFilter, limit?: number) =>
  useInfiniteQuery({
    ...splitListQuery(filter, limit),
    refetchInterval: (query) => (underReview(query.state.data?.pages) ? SPLIT_POLL_MS : false),
  });
