import { infiniteQueryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/*
 * The shapes every api.ts of the console shares: a keyset list read page by page, and a change that reads again
 * what it changed. The endpoints and the keys stay in each feature's api.ts.
 */

/** What a keyset page of `/api/ops/...` says about the next one. */
interface KeysetPage {
  hasMore: boolean;
  nextCursor: string | null;
}

/** A list read in keyset pages: `page(cursor)` reads one; the last page's cursor asks for the next while there is one. */
export const keysetQuery = <K extends QueryKey, P extends KeysetPage>(
  queryKey: K,
  page: (cursor: string | undefined, signal: AbortSignal) => Promise<P>,
) =>
  infiniteQueryOptions({
    queryKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => page(pageParam, signal),
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });

/**
 * An operator's change (take, approve, freeze, propose...): once it succeeded, every query under `key` (the lists
 * and details it may have changed) is read again before it resolves.
 */
export function useChangeAndRefresh<I, O>(key: QueryKey, run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
