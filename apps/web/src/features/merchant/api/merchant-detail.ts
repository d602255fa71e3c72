import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantEndpoints } from '@mchweb/contract/merchant/endpoints';
import { call } from '@/lib/api-client';
import { merchantKeys } from './query-keys';

/**
 * GET /merchant/detail?mchNo=: rates, the settlement account masked, the status history oldest first. Quiet: the
 * drawer shows a refusal (not found, another organisation's merchant) with a retry instead of a toast.
 */
export const fetchMerchantDetail = (mchNo: string, signal?: AbortSignal) =>
  call(merchantEndpoints.detail, { query: { mchNo } }, { signal, quiet: true });

export const merchantDetailQuery = (mchNo: string) =>
  queryOptions({
    queryKey: merchantKeys.detail(mchNo),
    queryFn: ({ signal }) => fetchMerchantDetail(mchNo, signal),
  });
export const useMerchantDetail = (mchNo: string | null) =>
  useQuery({ ...merchantDetailQuery(mchNo ?? ''), enabled: Boolean(mchNo) });
