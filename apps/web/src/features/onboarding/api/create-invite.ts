import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { inviteQrCodeQuery } from '@mchweb/contract';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';
import { onboardingKeys } from './query-keys';

export type CreateInviteInput = z.input<typeof inviteQrCodeQuery>;

/**
 * GET /getIncoQrCode?expiresInDays=&remark=: makes an invitation (the seed's path, a GET that creates); its `url`
 * is what the page draws as a QR code. Quiet: the form shows a refusal beside its fields.
 */
export const createInvite = (input: CreateInviteInput) =>
  call(
    onboardingEndpoints.inviteQrCode,
    { query: input.remark ? input : { expiresInDays: input.expiresInDays } },
    { quiet: true },
  );

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.invites() }),
  });
}
