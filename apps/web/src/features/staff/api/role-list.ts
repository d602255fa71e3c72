import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@mchweb/contract';
import { apiGet } from '@/lib/api';

/** GET /role/list: the built-in roles and the organisation's custom ones. */
export const roleListQuery = () =>
  queryOptions({
    queryKey: ['staff', 'roles'],
    queryFn: ({ signal }) => apiGet<Role[]>('/role/list', {}, { signal }),
  });
export const useRoleList = () => useQuery(roleListQuery());
