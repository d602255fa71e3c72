import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { onboardingApproveBody, onboardingRejectBody, OnboardingQueueBody } from '@mchweb/contract/ops/schemas';
import { opsEndpoints } from '@mchweb/contract/ops/endpoints';
import { call, fileUrl } from '@/lib/api-client';
import { keysetQuery, useChangeAndRefresh } from '../../components/queries';

export type QueueFilter = Omit<OnboardingQueueBody, 'cursor' | 'limit'>;

/** The one factory of this feature's query keys: components never write a key. */
export const onboardingKeys = {
  all: ['ops', 'onboarding'] as const,
  queue: (filter: QueueFilter) => [...onboardingKeys.all, 'queue', filter] as const,
  detail: (applyNo: string) => [...onboardingKeys.all, 'detail', applyNo] as const,
};

/** `POST /api/ops/onboarding/queue`: oldest submission first, keyset pages. */
export const useOnboardingQueue = (filter: QueueFilter) =>
  useInfiniteQuery(
    keysetQuery(onboardingKeys.queue(filter), (cursor, signal) =>
      call(opsEndpoints.onboardingQueue, { body: { ...filter, cursor, limit: 20 } }, { signal }),
    ),
  );

/** `GET /api/ops/onboarding/detail`: every field, the documents, the history, the rate bounds. */
export const useOnboardingDetail = (applyNo: string) =>
  useQuery(
    queryOptions({
      queryKey: onboardingKeys.detail(applyNo),
      queryFn: ({ signal }) => call(opsEndpoints.onboardingDetail, { query: { applyNo } }, { signal }),
    }),
  );

/** The path of an application's document for `fetchFile` (the operator's token goes with it). */
export const documentUrl = (applyNo: string, fileId: string) =>
  fileUrl(opsEndpoints.onboardingFile, { fileId }, { applyNo });

/** Take an application (`me`) or put it back (`nobody`); every queue and the detail show the new assignee. */
export const useAssignApplication = () =>
  useChangeAndRefresh(onboardingKeys.all, (body: { applyNo: string; to: 'me' | 'nobody' }) =>
    call(opsEndpoints.onboardingAssign, { body }),
  );

export type ApproveInput = z.input<typeof onboardingApproveBody>;
export type RejectInput = z.input<typeof onboardingRejectBody>;

/** Approve or reject (quiet: the form shows the refusal beside the field it names). */
export const useApproveApplication = () =>
  useChangeAndRefresh(onboardingKeys.all, (body: ApproveInput) =>
    call(opsEndpoints.onboardingApprove, { body }, { quiet: true }),
  );
export const useRejectApplication = () =>
  useChangeAndRefresh(onboardingKeys.all, (body: RejectInput) =>
    call(opsEndpoints.onboardingReject, { body }, { quiet: true }),
  );
