import type { z } from 'zod';
import type { splitListBody } from '@mchweb/contract';

/** The application list's filter: statuses and applying merchants (none: all). */
export type SplitListFilter = Omit<z.input<typeof splitListBody>, 'cursor' | 'limit'>;

/**
 * The query keys of the split feature, in one place: a mutation hook invalidates exactly what the queries
 * cached. `all` is the prefix of every key here (the application lists and one application's detail).
 */
export const splitKeys = {
  all: ['split'] as const,
  lists: () => [...splitKeys.all, 'list'] as const,
  list: (filter: SplitListFilter) => [...splitKeys.lists(), filter] as const,
  detail: (applyNo: string) => [...splitKeys.all, 'detail', applyNo] as const,
};
