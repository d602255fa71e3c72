import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { SplitQueueBody } from '@mchweb/contract/ops/schemas';
import { opsEndpoints } from '@mchweb/contract/ops/endpoints';
import { call } from '@/lib/api-client';
import { keysetQuery, useChangeAndRefresh } from '../../components/queries';

export type SplitQueueFilter = Omit<SplitQueueBody, 'cursor' | 'limit'>;

export const splitKeys = {
  all: ['ops', 'split'] as const,
  queue: (filter: SplitQueueFilter) => [...splitKeys.all, 'queue', filter] as const,
  detail: (applyNo: string) => [...splitKeys.all, 'detail', applyNo] as const,
};

/** `POST /api/ops/split/queue`: profit-sharing applications, oldest first. */
export const useSplitQueue = (filter: SplitQueueFilter) =>
  useInfiniteQuery(
    keysetQuery(splitKeys.queue(filter), (cursor, signal) =>
      call(opsEndpoints.splitQueue, { body: { ...filter, cursor, limit: 20 } }, { signal }),
    ),
  );

export const useSplitDetail = (applyNo: string) =>
  useQuery(
    queryOptions({
      queryKey: splitKeys.detail(applyNo),
      queryFn: ({ signal }) => call(opsEndpoints.splitDetail, { query: { applyNo } }, { signal }),
    }),
  );

/** Assign, approve, reject: each answers the new state and refreshes every split list and detail. */
export const useAssignSplit = () =>
  useChangeAndRefresh(splitKeys.all, (body: { applyNo: string; to: 'me' | 'nobody' }) =>
    call(opsEndpoints.splitAssign, { body }),
  );
export const useApproveSplit = () =>
  useChangeAndRefresh(splitKeys.all, (body: { applyNo: string; note?: string }) =>
    call(opsEndpoints.splitApprove, { body }, { quiet: true }),
  );
export const useRejectSplit = () =>
  useChangeAndRefresh(splitKeys.all, (body: { applyNo: string; reason: string }) =>
    call(opsEndpoints.splitReject, { body }, { quiet: true }),
  );
