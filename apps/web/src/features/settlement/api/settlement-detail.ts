import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettlementItem } from '@mchweb/contract';
import { apiGet } from '@/lib/api';
import { settlementKeys } from './query-keys';

/**
 * GET /settlement/detail?settleNo= (settlement:view): one settlement. Quiet: the drawer shows a refusal (not
 * found, another organisation's) with a retry instead of a toast.
 */
export const fetchSettlementDetail = (settleNo: string, signal?: AbortSignal) =>
  apiGet<SettlementItem>('/settlement/detail', { settleNo }, { signal, quiet: true });

export const settlementDetailQuery = (settleNo: string) =>
  queryOptions({
    queryKey: settlementKeys.detail(settleNo),
    queryFn: ({ signal }) => fetchSettlementDetail(settleNo, signal),
  });
/** The settlement the drawer shows; nothing is asked while no settlement is open. */
export const useSettlementDetail = (settleNo: string | null) =>
  useQuery({ ...settlementDetailQuery(settleNo ?? ''), enabled: Boolean(settleNo) });
