import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { call } from '@/lib/api-client';
import { companyKeys } from './query-keys';

/** GET /feeManager/getInitCompletionStatus: the six getting-started steps. */
export const initStatusQuery = () =>
  queryOptions({
    queryKey: companyKeys.initStatus(),
    queryFn: ({ signal }) => call(companyEndpoints.initStatus, {}, { signal }),
  });
export const useInitStatus = () => useQuery(initStatusQuery());
