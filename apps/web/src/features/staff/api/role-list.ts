import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@mchweb/contract';
import { apiGet } from '@/lib/api';
import { staffKeys } from './query-keys';

/** GET /role/list: the built-in roles and the organisation's custom ones. */
export const roleListQuery = () =>
  queryOptions({
    queryKey: staffKeys.roles(),
    queryFn: ({ signal }) => apiGet<Role[]>('/role/list', {}, { signal }),
  });
export const useRoleList = () => useQuery(roleListQuery());
