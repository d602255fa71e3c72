import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferCreateBody } from '@mchweb/contract';
import { transferEndpoints } from '@mchweb/contract/transfer/endpoints';
import { call } from '@/lib/api-client';
import { transferKeys } from './query-keys';

/**
 * POST /transfer/create (transfer:create): from the merchant's available balance to a payee account, with the
 * dialog's idempotency key (a retry answers the same transfer) and the SMS code above the threshold. Refusals
 * (more than available, the daily limit, a missing or wrong code) name their field. Quiet: the form shows them.
 */
export const createTransfer = (input: TransferCreateBody) =>
  call(transferEndpoints.create, { body: input }, { quiet: true });

/**
 * A transfer moves the merchant's money from available to in transit and adds a row: the merchant's balance and
 * every transfer list, summary and detail are read again before the promise resolves.
 */
export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: (transfer) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transferKeys.balance(transfer.mchNo) }),
        queryClient.invalidateQueries({ queryKey: transferKeys.transfers() }),
      ]),
  });
}
