import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderFilter } from '@mchweb/contract';
import { orderEndpoints } from '@mchweb/contract/order/endpoints';
import { call } from '@/lib/api-client';
import { ORDER_POLL_MS } from './order-list';
import { orderKeys } from './query-keys';

/**
 * POST /order/summary: count, paid count, amount, refunded, fee and net of the same filter as the list.
 * `background`: the 5 s poll of totals already shown, without the top progress bar.
 */
export const fetchOrderSummary = (filter: OrderFilter, signal?: AbortSignal, background = false) =>
  call(orderEndpoints.summary, { body: filter }, { signal, background });

export const orderSummaryQuery = (filter: OrderFilter) =>
  queryOptions({
    queryKey: orderKeys.summary(filter),
    queryFn: ({ signal, client, queryKey }) =>
      fetchOrderSummary(filter, signal, client.getQueryData(queryKey) !== undefined),
  });
/** `live`: read again with the list's first page (every ORDER_POLL_MS while the tab is visible). */
export const useOrderSummary = (filter: OrderFilter, live: boolean) =>
  useQuery({ ...orderSummaryQuery(filter), refetchInterval: live ? ORDER_POLL_MS : false });
