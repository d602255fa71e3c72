import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';
import { getSession, loadCurrentUser } from '@/lib/session';
import { onboardingKeys } from './query-keys';

/** How often a timeline waiting for the review is read again (the sandbox reviews within seconds). */
export const PROGRESS_POLL_MS = 3000;

/** GET /inco/progress?applyNo=: the timeline, oldest first. */
export const fetchApplicationProgress = (applyNo: string, signal?: AbortSignal) =>
  call(onboardingEndpoints.progress, { query: { applyNo } }, { signal, quiet: true });

export const applicationProgressQuery = (applyNo: string) =>
  queryOptions({
    queryKey: onboardingKeys.progress(applyNo),
    queryFn: ({ signal }) => fetchApplicationProgress(applyNo, signal),
    refetchInterval: (query) =>
      ['SUBMITTED', 'AUDITING'].includes(query.state.data?.status ?? '') ? PROGRESS_POLL_MS : false,
  });

/**
 * The timeline, read again every few seconds while the review is pending. When it shows an approval whose
 * merchant the session's merchant list (mchList) does not hold yet, the list is fetched again, so the new
 * merchant is there at once wherever merchants are chosen.
 */
export function useApplicationProgress(applyNo: string | null) {
  const query = useQuery({ ...applicationProgressQuery(applyNo ?? ''), enabled: Boolean(applyNo) });
  const mchNo = query.data?.status === 'APPROVED' ? query.data.mchNo : null;
  useEffect(() => {
    if (mchNo && !getSession().mchList.some((m) => m.mchNo === mchNo)) void loadCurrentUser().catch(() => undefined);
  }, [mchNo]);
  return query;
}
