import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Invite, inviteRevokeBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { onboardingKeys } from './query-keys';

export type RevokeInviteInput = z.input<typeof inviteRevokeBody>;

/** POST /inco/invite/revoke: ACTIVE -> REVOKED; a draft made through it stays with the organisation. */
export const revokeInvite = (input: RevokeInviteInput) => apiPost<Invite>('/inco/invite/revoke', input);

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.invites() }),
  });
}
