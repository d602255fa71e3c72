import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffInvitation } from '@mchweb/contract';
import { apiGet } from '@/lib/api';
import { companyKeys } from './query-keys';

/**
 * GET /staff/invitation/list: organisations that invited the user's mobile and wait for an answer. An invitation
 * grants nothing and is in no company list until accepted (issue 14.2).
 */
export const invitationListQuery = () =>
  queryOptions({
    queryKey: companyKeys.invitations(),
    queryFn: ({ signal }) => apiGet<StaffInvitation[]>('/staff/invitation/list', {}, { signal }),
  });
export const useInvitationList = () => useQuery(invitationListQuery());
