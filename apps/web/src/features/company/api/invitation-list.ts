import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { call } from '@/lib/api-client';
import { companyKeys } from './query-keys';

/**
 * GET /staff/invitation/list: organisations that invited the user's mobile and wait for an answer. An invitation
 * grants nothing and is in no company list until accepted (issue 14.2).
 */
export const invitationListQuery = () =>
  queryOptions({
    queryKey: companyKeys.invitations(),
    queryFn: ({ signal }) => call(companyEndpoints.invitationList, {}, { signal }),
  });
export const useInvitationList = () => useQuery(invitationListQuery());
