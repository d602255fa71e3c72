import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { payeeRemoveBody } from '@mchweb/contract';
import { transferEndpoints } from '@mchweb/contract/transfer/endpoints';
import { call } from '@/lib/api-client';
import { transferKeys } from './query-keys';

export type RemovePayeeInput = z.input<typeof payeeRemoveBody>;

/** POST /transfer/account/remove (payee:edit): transfers already made keep the account's name and masked number. */
export const removePayee = (input: RemovePayeeInput) => call(transferEndpoints.payeeRemove, { body: input });

/** Removing an account makes every payee list stale: read again before the promise resolves. */
export function useRemovePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePayee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys.payees() }),
  });
}
