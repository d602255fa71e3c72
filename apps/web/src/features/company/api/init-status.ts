import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InitCompletionStatus } from '@mchweb/contract';
import { apiGet } from '@/lib/api';
import { companyKeys } from './query-keys';

/** GET /feeManager/getInitCompletionStatus: the six getting-started steps. */
export const initStatusQuery = () =>
  queryOptions({
    queryKey: companyKeys.initStatus(),
    queryFn: ({ signal }) => apiGet<InitCompletionStatus>('/feeManager/getInitCompletionStatus', {}, { signal }),
  });
export const useInitStatus = () => useQuery(initStatusQuery());
