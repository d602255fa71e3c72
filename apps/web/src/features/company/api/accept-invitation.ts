import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { staffInvitationBody } from '@mchweb/contract';
import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { call } from '@/lib/api-client';
import { fetchCompanyInfo, storeCompanyInfo } from '@/lib/session';
import { refetchCompanyList } from './company-list';
import { companyKeys } from './query-keys';

export type InvitationAnswerInput = z.input<typeof staffInvitationBody>;

/** POST /staff/invitation/accept; a refusal (withdrawn meanwhile: 404) is toasted by the request layer. */
export const acceptInvitation = (input: InvitationAnswerInput) =>
  call(companyEndpoints.invitationAccept, { body: input });

/**
 * Accept: the organisation joins the user's list and counts as "another organisation" for the guard (a user
 * without one may now go to /organ-select); the current organisation stays as it is.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: () => fetchCompanyInfo().then(storeCompanyInfo, () => undefined),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.invitations() }),
        refetchCompanyList(queryClient),
      ]),
  });
}
