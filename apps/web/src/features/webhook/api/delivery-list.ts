import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { webhookEndpoints } from '@mchweb/contract/webhook/endpoints';
import { call } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

/** While a delivery is still being tried, the list is read again this often. */
export const DELIVERY_POLL_MS = 3000;

/** GET /developer/webhook/deliveries: an endpoint's deliveries, newest first, with every try; "more" pages by id. */
export const fetchDeliveries = (endpointId: number, before: number | undefined, signal?: AbortSignal) =>
  call(webhookEndpoints.deliveries, { query: { endpointId, ...(before ? { before } : {}) } }, { signal });

export const deliveriesQuery = (endpointId: number) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ signal, pageParam }) => fetchDeliveries(endpointId, pageParam || undefined, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.list[last.list.length - 1]!.id : undefined),
  });

export const useDeliveries = (endpointId: number) =>
  useInfiniteQuery({
    ...deliveriesQuery(endpointId),
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.list.some((d) => d.status === 'PENDING')) ? DELIVERY_POLL_MS : false,
  });
