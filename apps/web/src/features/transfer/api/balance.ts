import { queryOptions, useQuery } from '@tanstack/react-query';
import { transferEndpoints } from '@mchweb/contract/transfer/endpoints';
import { call } from '@/lib/api-client';
import { transferKeys } from './query-keys';

/** How often a balance with money in transit is read again (the transfers list also refreshes it when one ends). */
export const IN_TRANSIT_POLL_MS = 5000;

/**
 * GET /balance?mchNo= (transfer:view): pending, available and in transit, from the ledger. `background`: a read
 * of a balance already shown (while money is in transit), without the top progress bar.
 */
export const fetchBalance = (mchNo: string, signal?: AbortSignal, background = false) =>
  call(transferEndpoints.balance, { query: { mchNo } }, { signal, background });

export const balanceQuery = (mchNo: string) =>
  queryOptions({
    queryKey: transferKeys.balance(mchNo),
    queryFn: ({ signal, client, queryKey }) => fetchBalance(mchNo, signal, client.getQueryData(queryKey) !== undefined),
  });

/** A merchant's balance, read again while money is in transit: it moves when the payout channel answers. */
export const useBalance = (mchNo: string | null) =>
  useQuery({
    ...balanceQuery(mchNo ?? ''),
    enabled: Boolean(mchNo),
    refetchInterval: (query) => ((query.state.data?.inTransitFen ?? 0) > 0 ? IN_TRANSIT_POLL_MS : false),
  });
