import { queryOptions, useQuery } from '@tanstack/react-query';
import { transferEndpoints } from '@mchweb/contract/transfer/endpoints';
import { call } from '@/lib/api-client';
import { merchantKeys } from './query-keys';

/**
 * GET /balance?mchNo= (transfer:view): pending, available and in transit, for the drawer. Quiet: the drawer
 * shows a refusal in place of the figures.
 */
export const fetchMerchantBalance = (mchNo: string, signal?: AbortSignal) =>
  call(transferEndpoints.balance, { query: { mchNo } }, { signal, quiet: true });

export const merchantBalanceQuery = (mchNo: string) =>
  queryOptions({
    queryKey: merchantKeys.balance(mchNo),
    queryFn: ({ signal }) => fetchMerchantBalance(mchNo, signal),
  });
/** Only for a member with transfer:view (`enabled`): others are not asked for what the server would refuse. */
export const useMerchantBalance = (mchNo: string, enabled: boolean) =>
  useQuery({ ...merchantBalanceQuery(mchNo), enabled });
