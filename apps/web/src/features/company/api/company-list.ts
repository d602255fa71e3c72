import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { call } from '@/lib/api-client';
import { companyKeys } from './query-keys';

/** GET /company/list: the user's organisations with role, status and which one is current. */
export const companyListQuery = () =>
  queryOptions({
    queryKey: companyKeys.list(),
    queryFn: ({ signal }) => call(companyEndpoints.list, {}, { signal }),
  });
export const useCompanyList = () => useQuery(companyListQuery());

/**
 * Fetch the list again after a change. Not `invalidateQueries`: refreshAfterCompanySwitch() drops every cached
 * query, the mounted list's too, and an invalidation finds nothing to refetch then; fetchQuery puts the fresh
 * list back in the cache, where the page's query picks it up. A failure leaves the list as it was.
 *
 * A first fetch still in flight is cancelled first: it was asked before the change, and TanStack Query hands such
 * a fetch back instead of asking again (it cancels only a refetch of data it already has). An invitation accepted
 * while /organ-select was still loading its list left the new organisation out until the next visit (seen in CI).
 */
export async function refetchCompanyList(queryClient: QueryClient): Promise<unknown> {
  await queryClient.cancelQueries({ queryKey: companyKeys.list() });
  return queryClient.fetchQuery({ ...companyListQuery(), staleTime: 0 }).catch(() => undefined);
}
