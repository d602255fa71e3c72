import type { CodeListBody } from '@mchweb/contract';

/** The code list's filter: batch, status(es), merchant and code number (exact), label (contains). */
export type CodeListFilter = Omit<CodeListBody, 'cursor' | 'limit'>;

/**
 * The query keys of the payment-code feature, in one place. `all` is the prefix of every key here: a change of one
 * code (bind, unbind, disable) also changes its batch's counts, so the mutations make all of them stale.
 */
export const codeKeys = {
  all: ['code'] as const,
  batches: () => [...codeKeys.all, 'batches'] as const,
  lists: () => [...codeKeys.all, 'list'] as const,
  list: (filter: CodeListFilter) => [...codeKeys.lists(), filter] as const,
};
