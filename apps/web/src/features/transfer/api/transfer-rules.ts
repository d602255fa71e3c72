import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransferRules } from '@mchweb/contract';
import { apiGet } from '@/lib/api';
import { transferKeys } from './query-keys';

/**
 * GET /transfer/rules (transfer:view): above what amount a transfer needs the contact mobile's SMS code, the
 * daily limit per merchant, and the contact mobile masked (where the code goes).
 */
export const fetchTransferRules = (signal?: AbortSignal) => apiGet<TransferRules>('/transfer/rules', {}, { signal });

export const transferRulesQuery = () =>
  queryOptions({ queryKey: transferKeys.rules(), queryFn: ({ signal }) => fetchTransferRules(signal) });
/** `enabled`: false for a member without transfer:view (the payee dialog asks only where the code goes). */
export const useTransferRules = (enabled = true) => useQuery({ ...transferRulesQuery(), enabled });
