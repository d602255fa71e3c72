import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffEndpoints } from '@mchweb/contract/staff/endpoints';
import { call } from '@/lib/api-client';
import { staffKeys } from './query-keys';

/** GET /staff/list: members and invitations of the current organisation. */
export const staffListQuery = () =>
  queryOptions({
    queryKey: staffKeys.list(),
    queryFn: ({ signal }) => call(staffEndpoints.list, {}, { signal }),
  });
export const useStaffList = () => useQuery(staffListQuery());
