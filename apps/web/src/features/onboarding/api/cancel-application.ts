import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApplyStatus, incoCancelBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { onboardingKeys } from './query-keys';

export type CancelApplicationInput = z.input<typeof incoCancelBody>;

/** POST /inco/cancel: DRAFT, SUBMITTED or REJECTED -> CANCELED (an invitation still open for it is revoked). */
export const cancelApplication = (input: CancelApplicationInput) =>
  apiPost<{ applyNo: string; status: ApplyStatus }>('/inco/cancel', input);

export function useCancelApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelApplication,
    // The application's lists and timeline, and the invitation it came through.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
  });
}
