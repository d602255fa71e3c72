import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { onboardingApproveBody, onboardingRejectBody, OnboardingQueueBody } from '@mchweb/contract/ops/schemas';
import { opsEndpoints } from '@mchweb/contract/ops/endpoints';
import { call, fileUrl } from '@/lib/api-client';

export type QueueFilter = Omit<OnboardingQueueBody, 'cursor' | 'limit'>;

/** The one factory of this feature's query keys: components never write a key. */
export const onboardingKeys = {
  all: ['ops', 'onboarding'] as const,
  queue: (filter: QueueFilter) => [...onboardingKeys.all, 'queue', filter] as const,
  detail: (applyNo: string) => [...onboardingKeys.all, 'detail', applyNo] as const,
};

/** `POST /api/ops/onboarding/queue`: oldest submission first, keyset pages. */
export const onboardingQueueQuery = (filter: QueueFilter) =>
  infiniteQueryOptions({
    queryKey: onboardingKeys.queue(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(opsEndpoints.onboardingQueue, { body: { ...filter, cursor: pageParam, limit: 20 } }, { signal }),
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
export const useOnboardingQueue = (filter: QueueFilter) => useInfiniteQuery(onboardingQueueQuery(filter));

/** `GET /api/ops/onboarding/detail`: every field, the documents, the history, the rate bounds. */
export const onboardingDetailQuery = (applyNo: string) =>
  queryOptions({
    queryKey: onboardingKeys.detail(applyNo),
    queryFn: ({ signal }) => call(opsEndpoints.onboardingDetail, { query: { applyNo } }, { signal }),
  });
export const useOnboardingDetail = (applyNo: string) => useQuery(onboardingDetailQuery(applyNo));

/** The path of an application's document for `fetchFile` (the operator's token goes with it). */
export const documentUrl = (applyNo: string, fileId: string) =>
  fileUrl(opsEndpoints.onboardingFile, { fileId }, { applyNo });

/** Take an application (`me`) or put it back (`nobody`); every queue and the detail show the new assignee. */
export function useAssignApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { applyNo: string; to: 'me' | 'nobody' }) =>
      call(opsEndpoints.onboardingAssign, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
  });
}

export type ApproveInput = z.input<typeof onboardingApproveBody>;
export type RejectInput = z.input<typeof onboardingRejectBody>;

/** Approve (quiet: the form shows the refusal beside the field it names). */
export function useApproveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApproveInput) => call(opsEndpoints.onboardingApprove, { body }, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
  });
}

export function useRejectApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RejectInput) => call(opsEndpoints.onboardingReject, { body }, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
  });
}
