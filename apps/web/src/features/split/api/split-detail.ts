import { queryOptions, useQuery } from '@tanstack/react-query';
import { splitEndpoints } from '@mchweb/contract/split/endpoints';
import { call } from '@/lib/api-client';
import { SPLIT_POLL_MS } from './split-list';
import { splitKeys } from './query-keys';

/**
 * GET /div/detail?applyNo= (split:view). Quiet: the drawer shows a refusal (not found, another organisation's
 * application) with a retry instead of a toast. `background`: a read of an application already shown.
 */
export const fetchSplitDetail = (applyNo: string, signal?: AbortSignal, background = false) =>
  call(splitEndpoints.detail, { query: { applyNo } }, { signal, quiet: true, background });

export const splitDetailQuery = (applyNo: string) =>
  queryOptions({
    queryKey: splitKeys.detail(applyNo),
    queryFn: ({ signal, client, queryKey }) =>
      fetchSplitDetail(applyNo, signal, client.getQueryData(queryKey) !== undefined),
  });
/** One application, read again while it is SUBMITTED. */
export const useSplitDetail = (applyNo: string | null) =>
  useQuery({
    ...splitDetailQuery(applyNo ?? ''),
    enabled: Boolean(applyNo),
    refetchInterval: (query) => (query.state.data?.status === 'SUBMITTED' ? SPLIT_POLL_MS : false),
  });
