import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditEndpoints } from '@mchweb/contract/audit/endpoints';
import { call } from '@/lib/api-client';
import { staffKeys } from './query-keys';

const PAGE_SIZE = 20;

/** GET /audit/list: newest first, keyset pages (`nextCursor` passed back as `cursor`). */
export const auditListQuery = () =>
  infiniteQueryOptions({
    queryKey: staffKeys.audit(),
    queryFn: ({ signal, pageParam }) =>
      call(
        auditEndpoints.list,
        { query: pageParam ? { cursor: pageParam, limit: PAGE_SIZE } : { limit: PAGE_SIZE } },
        {
          signal,
        },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
export const useAuditList = (enabled: boolean) => useInfiniteQuery({ ...auditListQuery(), enabled });
