import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { webhookEndpointCreateBody, webhookEndpointUpdateBody } from '@mchweb/contract';
import { webhookEndpoints } from '@mchweb/contract/webhook/endpoints';
import { call } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

export type EndpointCreateInput = z.input<typeof webhookEndpointCreateBody>;
export type EndpointUpdateInput = z.input<typeof webhookEndpointUpdateBody>;

/** POST /endpoints/create or /endpoints/update: quiet, the form shows the refusal beside its field. */
export const saveEndpoint = (input: EndpointCreateInput | EndpointUpdateInput) =>
  'id' in input
    ? call(webhookEndpoints.update, { body: input }, { quiet: true })
    : call(webhookEndpoints.create, { body: input }, { quiet: true });

/** Saving makes the endpoint list stale: read again before it resolves. */
export function useSaveEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}
