import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OrderFilter, OrderListBody } from '@mchweb/contract';
import { orderEndpoints } from '@mchweb/contract/order/endpoints';
import { call } from '@/lib/api-client';
import { orderKeys } from './query-keys';

export const ORDER_PAGE_SIZE = 20;
/** How often the open /order page looks for new orders (docs/web.md, "Order pages"). */
export const ORDER_POLL_MS = 5000;

/**
 * POST /order/list: the orders of the filter, newest first, keyset pages (`nextCursor` back as `cursor`).
 * `background`: a read of pages already shown (the 5 s poll, "load more"), without the top progress bar.
 */
export const fetchOrderList = (body: OrderListBody, signal?: AbortSignal, background = false) =>
  call(orderEndpoints.list, { body }, { signal, background });

export const orderListQuery = (filter: OrderFilter, limit = ORDER_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...orderKeys.list(filter), limit],
    queryFn: ({ signal, pageParam, client, queryKey }) =>
      fetchOrderList(
        { ...filter, limit, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
        client.getQueryData(queryKey) !== undefined,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });

/**
 * The list, read again every ORDER_POLL_MS while it shows its first page only (a refetch of an infinite query
 * reads every loaded page again, and a reader deep in the list does not want rows moving under them). TanStack
 * Query skips the interval while the tab is hidden (`refetchIntervalInBackground` is false).
 */
export const useOrderList = (filter: OrderFilter, limit?: number) =>
  useInfiniteQuery({
    ...orderListQuery(filter, limit),
    refetchInterval: (query) => listPollInterval(query.state.data?.pages.length ?? 0),
  });
/** ORDER_POLL_MS while no page or only the first is loaded; no polling once "load more" has added pages. */
export const listPollInterval = (pagesLoaded: number) => (pagesLoaded <= 1 ? ORDER_POLL_MS : false);
