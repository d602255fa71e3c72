import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffEndpoints } from '@mchweb/contract/staff/endpoints';
import { call } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** GET /role/list: the built-in roles and the organisation's custom ones. */
export const roleListQuery = () =>
  queryOptions({
    queryKey: staffKeys.roles(),
    queryFn: ({ signal }) => call(staffEndpoints.roleList, {}, { signal }),
  });
export const useRoleList = () => useQuery(roleListQuery());
