import type { PayeeType, TransferFilter } from '@mchweb/contract';

/** The payee list's filter: the account types shown (none: every type). */
export interface PayeeFilter {
  type?: PayeeType[];
}

/**
 * The query keys of the transfer feature, in one place: a mutation hook invalidates exactly what the queries
 * cached. `all` is the prefix of every key here: balances, the rules, payee accounts, transfers.
 */
export const transferKeys = {
  all: ['transfer'] as const,
  balances: () => [...transferKeys.all, 'balance'] as const,
  balance: (mchNo: string) => [...transferKeys.balances(), mchNo] as const,
  rules: () => [...transferKeys.all, 'rules'] as const,
  payees: () => [...transferKeys.all, 'payee'] as const,
  payeeList: (filter: PayeeFilter) => [...transferKeys.payees(), filter] as const,
  transfers: () => [...transferKeys.all, 'transfers'] as const,
  list: (filter: TransferFilter) => [...transferKeys.transfers(), 'list', filter] as const,
  summaries: () => [...transferKeys.transfers(), 'summary'] as const,
  summary: (filter: TransferFilter) => [...transferKeys.summaries(), filter] as const,
  detail: (transferNo: string) => [...transferKeys.transfers(), 'detail', transferNo] as const,
};
