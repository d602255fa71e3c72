import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BillBody, BillRowsBody } from '@mchweb/contract';
import { settlementEndpoints } from '@mchweb/contract/settlement/endpoints';
import { call } from '@/lib/api-client';
import { billKeys } from './query-keys';

export const BILL_PAGE_SIZE = 50;

/**
 * POST /bill/rows (bill:view): the day's payments and refunds, oldest first, keyset pages. `background`: "load
 * more" under rows already shown, without the top progress bar.
 */
export const fetchBillRows = (body: BillRowsBody, signal?: AbortSignal) =>
  call(settlementEndpoints.billRows, { body }, { signal, background: Boolean(body.cursor) });

export const billRowsQuery = (bill: BillBody, limit = BILL_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...billKeys.rows(bill), limit],
    queryFn: ({ signal, pageParam }) =>
      fetchBillRows({ ...bill, limit, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
/** The rows of a day; `enabled` false skips a day the summary says had no trade. */
export const useBillRows = (bill: BillBody, enabled = true) => useInfiniteQuery({ ...billRowsQuery(bill), enabled });
