import type { MerchantListBody } from '@mchweb/contract';

/** The merchant list's filter: status(es), type(s), channel, name (contains), mchNo (exact). */
export type MerchantListFilter = Omit<MerchantListBody, 'cursor' | 'limit'>;

/**
 * The query keys of the merchant feature, in one place: a mutation hook invalidates exactly what the queries
 * cached. `all` is the prefix of every key here (the list pages, one merchant's detail, the channels, a merchant's balance).
 */
export const merchantKeys = {
  all: ['merchant'] as const,
  lists: () => [...merchantKeys.all, 'list'] as const,
  list: (filter: MerchantListFilter) => [...merchantKeys.lists(), filter] as const,
  detail: (mchNo: string) => [...merchantKeys.all, 'detail', mchNo] as const,
  channels: () => [...merchantKeys.all, 'channels'] as const,
  balance: (mchNo: string) => [...merchantKeys.all, 'balance', mchNo] as const,
};
