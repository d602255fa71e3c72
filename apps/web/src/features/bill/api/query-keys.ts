import type { BillBody } from '@mchweb/contract';

/** The query keys of the bill feature: `all` is the prefix of every key (a day's summary, its rows). */
export const billKeys = {
  all: ['bill'] as const,
  summary: (bill: BillBody) => [...billKeys.all, 'summary', bill] as const,
  rows: (bill: BillBody) => [...billKeys.all, 'rows', bill] as const,
};
