import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { approvalListBody, ApprovalProposeBody, opsSettlementListBody } from '@mchweb/contract/ops/schemas';
import { opsEndpoints } from '@mchweb/contract/ops/endpoints';
import { call } from '@/lib/api-client';
import { keysetQuery, useChangeAndRefresh } from '../../components/queries';

export type SettlementFilter = Omit<z.input<typeof opsSettlementListBody>, 'cursor' | 'limit'>;
export type ApprovalFilter = Omit<z.input<typeof approvalListBody>, 'cursor' | 'limit'>;

export const moneyKeys = {
  all: ['ops', 'money'] as const,
  runs: (from: string, to: string) => [...moneyKeys.all, 'runs', from, to] as const,
  settlements: (filter: SettlementFilter) => [...moneyKeys.all, 'settlements', filter] as const,
  reconcile: (day: string) => [...moneyKeys.all, 'reconcile', day] as const,
  payouts: () => [...moneyKeys.all, 'payouts'] as const,
  receivers: () => [...moneyKeys.all, 'receivers'] as const,
  approvals: (filter: ApprovalFilter) => [...moneyKeys.all, 'approvals', filter] as const,
};

/** `POST /api/ops/settlement/runs`: one line per business day. */
export const useSettlementRuns = (from: string, to: string) =>
  useQuery({
    queryKey: moneyKeys.runs(from, to),
    queryFn: ({ signal }) => call(opsEndpoints.settlementRuns, { body: { from, to } }, { signal }),
  });

export const useSettlementList = (filter: SettlementFilter, enabled: boolean) =>
  useInfiniteQuery({
    ...keysetQuery(moneyKeys.settlements(filter), (cursor, signal) =>
      call(opsEndpoints.settlementList, { body: { ...filter, cursor, limit: 50 } }, { signal }),
    ),
    enabled,
  });

/** `POST /api/ops/reconcile`: every module's checks of the day. */
export const useReconcile = (day: string) =>
  useQuery({
    queryKey: moneyKeys.reconcile(day),
    queryFn: ({ signal }) => call(opsEndpoints.reconcile, { body: { day } }, { signal }),
  });

export const usePayouts = () =>
  useInfiniteQuery(
    keysetQuery(moneyKeys.payouts(), (cursor, signal) =>
      call(opsEndpoints.payouts, { body: { cursor, limit: 50 } }, { signal }),
    ),
  );

export const useReceiversOwed = () =>
  useQuery({
    queryKey: moneyKeys.receivers(),
    queryFn: ({ signal }) => call(opsEndpoints.receiversOwed, {}, { signal }),
  });

export const useApprovals = (filter: ApprovalFilter) =>
  useInfiniteQuery(
    keysetQuery(moneyKeys.approvals(filter), (cursor, signal) =>
      call(opsEndpoints.approvalList, { body: { ...filter, cursor, limit: 50 } }, { signal }),
    ),
  );

/** Every money action changes what the money pages show: one invalidation for all of them. */
const useMoneyMutation = <I, O>(run: (input: I) => Promise<O>) => useChangeAndRefresh(moneyKeys.all, run);

/** Propose a money action (quiet: the form shows the refusal beside its field); it waits for a second operator. */
export const usePropose = () =>
  useMoneyMutation((body: ApprovalProposeBody) => call(opsEndpoints.approvalPropose, { body }, { quiet: true }));

export type Decision = 'approve' | 'refuse' | 'cancel';
const DECIDE = {
  approve: opsEndpoints.approvalApprove,
  refuse: opsEndpoints.approvalRefuse,
  cancel: opsEndpoints.approvalCancel,
};
/** Approve (by another operator), refuse, or cancel one's own proposal. */
export const useDecide = () =>
  useMoneyMutation(({ decision, approvalNo, note }: { decision: Decision; approvalNo: string; note?: string }) =>
    call(DECIDE[decision], { body: { approvalNo, note } }, { quiet: true }),
  );
