import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@mchweb/contract';
import { apiGet } from '@/lib/api';
import { staffKeys } from './query-keys';

/** GET /staff/list: members and invitations of the current organisation. */
export const staffListQuery = () =>
  queryOptions({
    queryKey: staffKeys.list(),
    queryFn: ({ signal }) => apiGet<StaffMember[]>('/staff/list', {}, { signal }),
  });
export const useStaffList = () => useQuery(staffListQuery());
