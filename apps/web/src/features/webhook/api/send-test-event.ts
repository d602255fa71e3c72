import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEventType } from '@mchweb/contract';
import { webhookEndpoints } from '@mchweb/contract/webhook/endpoints';
import { call } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

/** POST /endpoints/test: an example event of `type` to one endpoint; its delivery joins the list. */
export const sendTestEvent = (input: { id: number; type: WebhookEventType }) =>
  call(webhookEndpoints.test, { body: input });

export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestEvent,
    onSuccess: (_, { id }) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}
