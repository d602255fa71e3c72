import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { inviteRevokeBody } from '@mchweb/contract';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';
import { onboardingKeys } from './query-keys';

export type RevokeInviteInput = z.input<typeof inviteRevokeBody>;

/** POST /inco/invite/revoke: ACTIVE -> REVOKED; a draft made through it stays with the organisation. */
export const revokeInvite = (input: RevokeInviteInput) => call(onboardingEndpoints.inviteRevoke, { body: input });

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.invites() }),
  });
}
