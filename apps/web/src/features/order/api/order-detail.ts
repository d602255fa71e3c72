import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderEndpoints } from '@mchweb/contract/order/endpoints';
import { call } from '@/lib/api-client';
import { orderKeys } from './query-keys';

/** How often an open order whose refund is PROCESSING is read again, until the channel answers. */
export const REFUND_POLL_MS = 2000;

/**
 * GET /order/detail?orderNo=: the order with its timeline, refunds and ledger postings. Quiet: the drawer shows
 * a refusal (not found, another organisation's order) with a retry instead of a toast. `background`: a read of
 * an order already shown (while its refund is processing), without the top progress bar.
 */
export const fetchOrderDetail = (orderNo: string, signal?: AbortSignal, background = false) =>
  call(orderEndpoints.detail, { query: { orderNo } }, { signal, quiet: true, background });

export const orderDetailQuery = (orderNo: string) =>
  queryOptions({
    queryKey: orderKeys.detail(orderNo),
    queryFn: ({ signal, client, queryKey }) =>
      fetchOrderDetail(orderNo, signal, client.getQueryData(queryKey) !== undefined),
  });
/** One order, read again while one of its refunds waits for the channel. */
export const useOrderDetail = (orderNo: string | null) =>
  useQuery({
    ...orderDetailQuery(orderNo ?? ''),
    enabled: Boolean(orderNo),
    refetchInterval: (query) =>
      query.state.data?.refunds.some((r) => r.status === 'PROCESSING') ? REFUND_POLL_MS : false,
  });
