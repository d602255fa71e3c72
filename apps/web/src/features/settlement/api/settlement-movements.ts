import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { settlementMovementsBody } from '@mchweb/contract';
import { settlementEndpoints } from '@mchweb/contract/settlement/endpoints';
import { call } from '@/lib/api-client';
import { settlementKeys } from './query-keys';

export type SettlementMovementsBody = z.input<typeof settlementMovementsBody>;
export const MOVEMENT_PAGE_SIZE = 20;

/**
 * POST /settlement/movements (settlement:view): the payments, refunds and failed refunds' returns a settlement
 * covers, oldest first, keyset pages. Quiet: the drawer shows a refusal with a retry.
 */
export const fetchSettlementMovements = (body: SettlementMovementsBody, signal?: AbortSignal) =>
  call(settlementEndpoints.movements, { body }, { signal, quiet: true, background: Boolean(body.cursor) });

export const settlementMovementsQuery = (settleNo: string, limit = MOVEMENT_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...settlementKeys.movements(settleNo), limit],
    queryFn: ({ signal, pageParam }) =>
      fetchSettlementMovements({ settleNo, limit, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
/** The movements of the open settlement; nothing is asked while none is open. */
export const useSettlementMovements = (settleNo: string | null) =>
  useInfiniteQuery({ ...settlementMovementsQuery(settleNo ?? ''), enabled: Boolean(settleNo) });
