import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { applicationSaveBody } from '@mchweb/contract';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';
import { onboardingKeys } from './query-keys';

export type SaveApplicationInput = z.input<typeof applicationSaveBody>;

/**
 * POST /inco/save: a new draft without `applyNo` (one per `idempotencyKey`, so a double click or a retry finds
 * the same application), else the whole application of a DRAFT or REJECTED one. Quiet: the wizard shows the msg
 * beside the fields it names.
 */
export const saveApplication = (input: SaveApplicationInput) =>
  call(onboardingEndpoints.save, { body: input }, { quiet: true });

export function useSaveApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.applications() }),
  });
}
