import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@mchweb/contract';
import { apiGet } from '@/lib/api';
import { staffKeys } from './query-keys';

const PAGE_SIZE = 20;

/** GET /audit/list: newest first, keyset pages (`nextCursor` passed back as `cursor`). */
export const auditListQuery = () =>
  infiniteQueryOptions({
    queryKey: staffKeys.audit(),
    queryFn: ({ signal, pageParam }) =>
      apiGet<AuditPage>('/audit/list', pageParam ? { cursor: pageParam, limit: PAGE_SIZE } : { limit: PAGE_SIZE }, {
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
  });
export const useAuditList = (enabled: boolean) => useInfiniteQuery({ ...auditListQuery(), enabled });
