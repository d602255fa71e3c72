import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransferFilter } from '@mchweb/contract';
import { transferEndpoints } from '@mchweb/contract/transfer/endpoints';
import { call } from '@/lib/api-client';
import { transferKeys } from './query-keys';

/**
 * POST /transfer/summary (transfer:view): count and amounts (in all, paid out, processing, failed) of the same
 * filter as the list. `background`: a read of totals already shown, without the top progress bar.
 */
export const fetchTransferSummary = (filter: TransferFilter, signal?: AbortSignal, background = false) =>
  call(transferEndpoints.summary, { body: filter }, { signal, background });

export const transferSummaryQuery = (filter: TransferFilter) =>
  queryOptions({
    queryKey: transferKeys.summary(filter),
    queryFn: ({ signal, client, queryKey }) =>
      fetchTransferSummary(filter, signal, client.getQueryData(queryKey) !== undefined),
  });
export const useTransferSummary = (filter: TransferFilter) => useQuery(transferSummaryQuery(filter));
