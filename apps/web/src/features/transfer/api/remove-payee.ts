import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { payeeRemoveBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { transferKeys } from './query-keys';

export type RemovePayeeInput = z.input<typeof payeeRemoveBody>;

/** POST /transfer/account/remove (payee:edit): transfers already made keep the account's name and masked number. */
export const removePayee = (input: RemovePayeeInput) => apiPost<null>('/transfer/account/remove', input);

/** Removing an account makes every payee list stale: read again before the promise resolves. */
export function useRemovePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePayee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys.payees() }),
  });
}
