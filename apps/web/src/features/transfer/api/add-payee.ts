import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayeeAddBody } from '@mchweb/contract';
import { transferEndpoints } from '@mchweb/contract/transfer/endpoints';
import { call } from '@/lib/api-client';
import { transferKeys } from './query-keys';

/**
 * POST /transfer/account/add (payee:edit): a bank card (Luhn-checked number, bank name), an Alipay account (mobile
 * or e-mail) or a WeChat openid, with the contact mobile's SMS code. Quiet: the form shows the msg beside the field.
 */
export const addPayee = (input: PayeeAddBody) => call(transferEndpoints.payeeAdd, { body: input }, { quiet: true });

/** A new account makes every payee list stale (this page's and the transfer dialog's): read again before it resolves. */
export function useAddPayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPayee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferKeys.payees() }),
  });
}
