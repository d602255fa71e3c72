import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpoints } from '@mchweb/contract/webhook/endpoints';
import { call } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

/** POST /endpoints/secret: the signing secret, asked for only when a person reveals it. */
export const revealSecret = (id: number) => call(webhookEndpoints.secret, { body: { id } });
export const useRevealSecret = () => useMutation({ mutationFn: revealSecret });

/** POST /endpoints/rotate: a new secret; the list shows until when the old one still signs. */
export const rotateSecret = (id: number) => call(webhookEndpoints.rotate, { body: { id } });
export function useRotateSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints() }),
  });
}
