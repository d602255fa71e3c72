import { queryOptions, useQuery } from '@tanstack/react-query';
import { developerEndpoints } from '@mchweb/contract/developer/endpoints';
import { call } from '@/lib/api-client';
import { developerKeys } from './query-keys';

/** GET /developer/key/list: the organisation's API keys, newest first, revoked ones included. */
export const apiKeyListQuery = () =>
  queryOptions({
    queryKey: developerKeys.keys(),
    queryFn: ({ signal }) => call(developerEndpoints.keyList, {}, { signal }),
  });
export const useApiKeyList = () => useQuery(apiKeyListQuery());
