import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { applicationCancelBody } from '@mchweb/contract';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';
import { onboardingKeys } from './query-keys';

export type CancelApplicationInput = z.input<typeof applicationCancelBody>;

/** POST /inco/cancel: DRAFT, SUBMITTED or REJECTED -> CANCELED (an invitation still open for it is revoked). */
export const cancelApplication = (input: CancelApplicationInput) => call(onboardingEndpoints.cancel, { body: input });

export function useCancelApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelApplication,
    // The application's lists and timeline, and the invitation it came through.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
  });
}
