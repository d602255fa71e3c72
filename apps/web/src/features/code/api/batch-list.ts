import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CodeBatchListBody } from '@mchweb/contract';
import { codeEndpoints } from '@mchweb/contract/code/endpoints';
import { call } from '@/lib/api-client';
import { codeKeys } from './query-keys';

export const BATCH_PAGE_SIZE = 20;

/** POST /code/batch/list: the organisation's batches newest first with counts per status, keyset pages. */
export const fetchBatchList = (body: CodeBatchListBody, signal?: AbortSignal) =>
  call(codeEndpoints.batchList, { body }, { signal });

export const batchListQuery = () =>
  infiniteQueryOptions({
    queryKey: codeKeys.batches(),
    queryFn: ({ signal, pageParam }) =>
      fetchBatchList({ limit: BATCH_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
export const useBatchList = () => useInfiniteQuery(batchListQuery());
