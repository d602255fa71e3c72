import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpoints } from '@mchweb/contract/webhook/endpoints';
import { call } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

/** POST /deliveries/resend: one more try now, outside the schedule. */
export const resendDelivery = (deliveryId: number) => call(webhookEndpoints.resend, { body: { deliveryId } });

/** How long after a resend the list is read again: the try is made in the background, in about a second. */
export const RESEND_LOOK_MS = 1500;

/** The endpoint's list is read again now and once more when the background try has likely been made. */
export function useResendDelivery(endpointId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) });
  return useMutation({
    mutationFn: resendDelivery,
    onSuccess: async () => {
      setTimeout(() => void refresh(), RESEND_LOOK_MS);
      await refresh();
    },
  });
}
