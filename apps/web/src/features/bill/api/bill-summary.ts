import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillBody } from '@mchweb/contract';
import { settlementEndpoints } from '@mchweb/contract/settlement/endpoints';
import { call } from '@/lib/api-client';
import { billKeys } from './query-keys';

/**
 * POST /bill/summary (bill:view): one merchant's day, or the organisation's without `mchNo`: the total, a line
 * per channel, the day's settlements and whether anything traded at all.
 */
export const fetchBillSummary = (bill: BillBody, signal?: AbortSignal) =>
  call(settlementEndpoints.billSummary, { body: bill }, { signal });

export const billSummaryQuery = (bill: BillBody) =>
  queryOptions({ queryKey: billKeys.summary(bill), queryFn: ({ signal }) => fetchBillSummary(bill, signal) });
export const useBillSummary = (bill: BillBody) => useQuery(billSummaryQuery(bill));
