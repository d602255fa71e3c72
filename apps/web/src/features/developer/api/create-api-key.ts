import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createApiKeyBody } from '@mchweb/contract';
import { developerEndpoints } from '@mchweb/contract/developer/endpoints';
import { call } from '@/lib/api-client';
import { developerKeys } from './query-keys';

export type CreateApiKeyInput = z.input<typeof createApiKeyBody>;

/** POST /developer/key/create; quiet so the form shows the msg beside the field it names. */
export const createApiKey = (input: CreateApiKeyInput) =>
  call(developerEndpoints.keyCreate, { body: input }, { quiet: true });

/** Create a key: the answer holds its secret (shown once by the caller); the list gains the key. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.keys() }),
  });
}
