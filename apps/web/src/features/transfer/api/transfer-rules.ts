import { queryOptions, useQuery } from '@tanstack/react-query';
import { transferEndpoints } from '@mchweb/contract/transfer/endpoints';
import { call } from '@/lib/api-client';
import { transferKeys } from './query-keys';

/**
 * GET /transfer/rules (transfer:view): above what amount a transfer needs the contact mobile's SMS code, the
 * daily limit per merchant, and the contact mobile masked (where the code goes).
 */
export const fetchTransferRules = (signal?: AbortSignal) => call(transferEndpoints.rules, {}, { signal });

export const transferRulesQuery = () =>
  queryOptions({ queryKey: transferKeys.rules(), queryFn: ({ signal }) => fetchTransferRules(signal) });
/** `enabled`: false for a member without transfer:view (the payee dialog asks only where the code goes). */
export const useTransferRules = (enabled = true) => useQuery({ ...transferRulesQuery(), enabled });
