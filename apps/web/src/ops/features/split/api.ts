import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { SplitQueueBody } from '@mchweb/contract/ops/schemas';
import { opsEndpoints } from '@mchweb/contract/ops/endpoints';
import { call } from '@/lib/api-client';

export type SplitQueueFilter = Omit<SplitQueueBody, 'cursor' | 'limit'>;

export const splitKeys = {
  all: ['ops', 'split'] as const,
  queue: (filter: SplitQueueFilter) => [...splitKeys.all, 'queue', filter] as const,
  detail: (applyNo: string) => [...splitKeys.all, 'detail', applyNo] as const,
};

/** `POST /api/ops/split/queue`: profit-sharing applications, oldest first. */
export const splitQueueQuery = (filter: SplitQueueFilter) =>
  infiniteQueryOptions({
    queryKey: splitKeys.queue(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(opsEndpoints.splitQueue, { body: { ...filter, cursor: pageParam, limit: 20 } }, { signal }),
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
export const useSplitQueue = (filter: SplitQueueFilter) => useInfiniteQuery(splitQueueQuery(filter));

export const splitDetailQuery = (applyNo: string) =>
  queryOptions({
    queryKey: splitKeys.detail(applyNo),
    queryFn: ({ signal }) => call(opsEndpoints.splitDetail, { query: { applyNo } }, { signal }),
  });
export const useSplitDetail = (applyNo: string) => useQuery(splitDetailQuery(applyNo));

/** Assign, approve, reject: each answers the new state and refreshes every split list and detail. */
function useSplitMutation<I>(run: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: splitKeys.all }),
  });
}
export const useAssignSplit = () =>
  useSplitMutation((body: { applyNo: string; to: 'me' | 'nobody' }) => call(opsEndpoints.splitAssign, { body }));
export const useApproveSplit = () =>
  useSplitMutation((body: { applyNo: string; note?: string }) =>
    call(opsEndpoints.splitApprove, { body }, { quiet: true }),
  );
export const useRejectSplit = () =>
  useSplitMutation((body: { applyNo: string; reason: string }) =>
    call(opsEndpoints.splitReject, { body }, { quiet: true }),
  );
