import { queryOptions, useQuery } from '@tanstack/react-query';
import { transferEndpoints } from '@mchweb/contract/transfer/endpoints';
import { call } from '@/lib/api-client';
import { transferKeys } from './query-keys';
import { TRANSFER_POLL_MS } from './transfer-list';

/**
 * GET /transfer/detail?transferNo= (transfer:view). Quiet: the drawer shows a refusal (not found, another
 * organisation's transfer) with a retry instead of a toast. `background`: a read of a transfer already shown.
 */
export const fetchTransferDetail = (transferNo: string, signal?: AbortSignal, background = false) =>
  call(transferEndpoints.detail, { query: { transferNo } }, { signal, quiet: true, background });

export const transferDetailQuery = (transferNo: string) =>
  queryOptions({
    queryKey: transferKeys.detail(transferNo),
    queryFn: ({ signal, client, queryKey }) =>
      fetchTransferDetail(transferNo, signal, client.getQueryData(queryKey) !== undefined),
  });
/** One transfer, read again while it is PROCESSING. */
export const useTransferDetail = (transferNo: string | null) =>
  useQuery({
    ...transferDetailQuery(transferNo ?? ''),
    enabled: Boolean(transferNo),
    refetchInterval: (query) => (query.state.data?.status === 'PROCESSING' ? TRANSFER_POLL_MS : false),
  });
