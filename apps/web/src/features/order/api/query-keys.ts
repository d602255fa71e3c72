import type { OrderFilter } from '@mchweb/contract';

/**
 * The query keys of the order feature, in one place: the refund hook invalidates exactly what the queries cached.
 * `all` is the prefix of every key here (the list pages, the summary of a filter, one order's detail).
 */
export const orderKeys = {
  all: ['order'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filter: OrderFilter) => [...orderKeys.lists(), filter] as const,
  summary: (filter: OrderFilter) => [...orderKeys.all, 'summary', filter] as const,
  detail: (orderNo: string) => [...orderKeys.all, 'detail', orderNo] as const,
};
