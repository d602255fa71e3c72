import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { applicationSubmitBody } from '@mchweb/contract';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';
import { onboardingKeys } from './query-keys';

export type SubmitApplicationInput = z.input<typeof applicationSubmitBody>;

/**
 * POST /inco/submit: the server runs the full check on the saved application (every problem named); DRAFT or
 * REJECTED -> SUBMITTED. A second submit (double click, two tabs) answers as the first. Quiet: the caller shows
 * the msg (beside the wizard's fields, or as a toast from the list).
 */
export const submitApplication = (input: SubmitApplicationInput) =>
  call(onboardingEndpoints.submit, { body: input }, { quiet: true });

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.applications() }),
  });
}
