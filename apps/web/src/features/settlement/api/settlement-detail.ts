import { queryOptions, useQuery } from '@tanstack/react-query';
import { settlementEndpoints } from '@mchweb/contract/settlement/endpoints';
import { call } from '@/lib/api-client';
import { settlementKeys } from './query-keys';

/**
 * GET /settlement/detail?settleNo= (settlement:view): one settlement. Quiet: the drawer shows a refusal (not
 * found, another organisation's) with a retry instead of a toast.
 */
export const fetchSettlementDetail = (settleNo: string, signal?: AbortSignal) =>
  call(settlementEndpoints.detail, { query: { settleNo } }, { signal, quiet: true });

export const settlementDetailQuery = (settleNo: string) =>
  queryOptions({
    queryKey: settlementKeys.detail(settleNo),
    queryFn: ({ signal }) => fetchSettlementDetail(settleNo, signal),
  });
/** The settlement the drawer shows; nothing is asked while no settlement is open. */
export const useSettlementDetail = (settleNo: string | null) =>
  useQuery({ ...settlementDetailQuery(settleNo ?? ''), enabled: Boolean(settleNo) });
