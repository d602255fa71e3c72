import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@mchweb/contract';
import { apiGet } from '@/lib/api';

/** GET /staff/list: members and invitations of the current organisation. */
export const staffListQuery = () =>
  queryOptions({
    queryKey: ['staff', 'list'],
    queryFn: ({ signal }) => apiGet<StaffMember[]>('/staff/list', {}, { signal }),
  });
export const useStaffList = () => useQuery(staffListQuery());
