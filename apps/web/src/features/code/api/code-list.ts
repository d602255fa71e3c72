import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CodeListBody } from '@mchweb/contract';
import { codeEndpoints } from '@mchweb/contract/code/endpoints';
import { call } from '@/lib/api-client';
import { codeKeys, type CodeListFilter } from './query-keys';

export type { CodeListFilter };
export const CODE_PAGE_SIZE = 20;

/** POST /code/list: codes newest first with their merchant; keyset pages (`nextCursor` back as `cursor`). */
export const fetchCodeList = (body: CodeListBody, signal?: AbortSignal) =>
  call(codeEndpoints.list, { body }, { signal });

export const codeListQuery = (filter: CodeListFilter, limit = CODE_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...codeKeys.list(filter), limit],
    queryFn: ({ signal, pageParam }) =>
      fetchCodeList({ ...filter, limit, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
export const useCodeList = (filter: CodeListFilter, options: { enabled?: boolean; limit?: number } = {}) =>
  useInfiniteQuery({ ...codeListQuery(filter, options.limit), enabled: options.enabled ?? true });
