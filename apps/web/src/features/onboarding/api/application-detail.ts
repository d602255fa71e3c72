import { queryOptions, useQuery } from '@tanstack/react-query';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';
import { onboardingKeys } from './query-keys';

/** GET /inco/detail?applyNo=: the application as saved, with its status and rejection reason. */
export const fetchApplicationDetail = (applyNo: string, signal?: AbortSignal) =>
  call(onboardingEndpoints.detail, { query: { applyNo } }, { signal, quiet: true });

export const applicationDetailQuery = (applyNo: string) =>
  queryOptions({
    queryKey: onboardingKeys.detail(applyNo),
    queryFn: ({ signal }) => fetchApplicationDetail(applyNo, signal),
    // The wizard edits what it loaded: a refetch in the background must not replace the form under the user.
    staleTime: Infinity,
  });
/** Quiet: the page shows a refusal (not found, not yours) as its own state. */
export const useApplicationDetail = (applyNo: string | null) =>
  useQuery({ ...applicationDetailQuery(applyNo ?? ''), enabled: Boolean(applyNo) });
