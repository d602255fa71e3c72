import { useEffect, useRef } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TransferFilter, TransferItem, transferListBody, TransferPage } from '@mchweb/contract';
import { transferEndpoints } from '@mchweb/contract/transfer/endpoints';
import { call } from '@/lib/api-client';
import { transferKeys } from './query-keys';

export type TransferListInput = z.input<typeof transferListBody>;
export const TRANSFER_PAGE_SIZE = 20;
/** How often transfers still PROCESSING are read again, until the payout channel has answered them all. */
export const TRANSFER_POLL_MS = 2000;

/**
 * POST /transfer/list (transfer:view): the transfers of the filter, newest first, keyset pages. `background`: a
 * read of pages already shown (the poll while one is processing, "load more"), without the top progress bar.
 */
export const fetchTransferList = (body: TransferListInput, signal?: AbortSignal, background = false) =>
  call(transferEndpoints.list, { body }, { signal, background });

export const transferListQuery = (filter: TransferFilter, limit = TRANSFER_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...transferKeys.list(filter), limit],
    queryFn: ({ signal, pageParam, client, queryKey }) =>
      fetchTransferList(
        { ...filter, limit, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
        client.getQueryData(queryKey) !== undefined,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });

/** The transfers among `pages` still waiting for the payout channel. */
export const processingOf = (pages: readonly TransferPage[] | undefined): TransferItem[] =>
  (pages ?? []).flatMap((p) => p.rows).filter((r) => r.status === 'PROCESSING');

/**
 * The list, read again every TRANSFER_POLL_MS while one of its rows is PROCESSING (TanStack Query pauses in a
 * hidden tab). When a transfer it showed as processing has ended, the money moved (in transit to paid out, or
 * back to available): the balances and the summaries are read again.
 */
export function useTransferList(filter: TransferFilter, limit?: number) {
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({
    ...transferListQuery(filter, limit),
    refetchInterval: (query) => (processingOf(query.state.data?.pages).length > 0 ? TRANSFER_POLL_MS : false),
  });
  const rows = list.data?.pages.flatMap((p) => p.rows);
  const waiting = useRef(new Set<string>());
  useEffect(() => {
    if (!rows) return;
    const ended = rows.some((r) => r.status !== 'PROCESSING' && waiting.current.has(r.transferNo));
    waiting.current = new Set(rows.filter((r) => r.status === 'PROCESSING').map((r) => r.transferNo));
    if (ended)
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: transferKeys.balances() }),
        queryClient.invalidateQueries({ queryKey: transferKeys.summaries() }),
      ]);
  }, [rows, queryClient]);
  return list;
}
