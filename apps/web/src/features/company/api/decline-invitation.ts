import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import type { InvitationAnswerInput } from './accept-invitation';
import { companyKeys } from './query-keys';

/** POST /staff/invitation/decline: the invitation is deleted (the organisation may invite the mobile again). */
export const declineInvitation = (input: InvitationAnswerInput) =>
  call(companyEndpoints.invitationDecline, { body: input });

/** Decline; the list is fetched again whatever the answer (a refusal means it was withdrawn or answered). */
export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyKeys.invitations() }),
  });
}
