import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { payeeListBody } from '@mchweb/contract';
import { transferEndpoints } from '@mchweb/contract/transfer/endpoints';
import { call } from '@/lib/api-client';
import { transferKeys, type PayeeFilter } from './query-keys';

export type PayeeListInput = z.input<typeof payeeListBody>;
export const PAYEE_PAGE_SIZE = 20;

/** POST /transfer/account/list (payee:view): the payee accounts, newest first, keyset pages. */
export const fetchPayeeList = (body: PayeeListInput, signal?: AbortSignal) =>
  call(transferEndpoints.payeeList, { body }, { signal });

export const payeeListQuery = (filter: PayeeFilter, limit = PAYEE_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...transferKeys.payeeList(filter), limit],
    queryFn: ({ signal, pageParam }) =>
      fetchPayeeList({ ...filter, limit, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
/** `limit`: the transfer dialog reads the first 100 accounts at once (a picker, not a list). */
export const usePayeeList = (filter: PayeeFilter, limit?: number) => useInfiniteQuery(payeeListQuery(filter, limit));
