import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MerchantStatus } from '@mchweb/contract';
import { loadCurrentUser } from '@/lib/session';
import { merchantKeys } from './query-keys';

/** What freeze and unfreeze answer (the server's route declares it; the contract has no name for it). */
export interface MerchantStatusAnswer {
  mchNo: string;
  status: MerchantStatus;
}

/**
 * A change of a merchant's status and what it makes stale: the list pages, the merchant's detail (its history),
 * the channels, and the session's merchant list (`mchList`, which the merchant selectors read; getCurrentUser
 * carries it). Resolves once they are fetched again, so the drawer shows the new history when the toast appears.
 */
export function useMerchantStatusMutation<Input>(call: (input: Input) => Promise<MerchantStatusAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: merchantKeys.all }),
        // The change is made; a session list that fails to refresh now is refreshed by the next sign-in or switch.
        loadCurrentUser().catch(() => undefined),
      ]),
  });
}
