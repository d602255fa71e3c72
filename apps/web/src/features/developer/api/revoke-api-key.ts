import { useMutation, useQueryClient } from '@tanstack/react-query';
import { developerEndpoints } from '@mchweb/contract/developer/endpoints';
import { call } from '@/lib/api-client';
import { developerKeys } from './query-keys';

/** POST /developer/key/revoke: the key is refused from its next call on. */
export const revokeApiKey = (keyId: string) => call(developerEndpoints.keyRevoke, { body: { keyId } });

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: developerKeys.keys() }),
  });
}
