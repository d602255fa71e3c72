import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { operatorCreateBody, operatorUpdateBody, opsAuditListBody } from '@mchweb/contract/ops/schemas';
import { opsEndpoints } from '@mchweb/contract/ops/endpoints';
import { call } from '@/lib/api-client';

export type AuditFilter = Omit<z.input<typeof opsAuditListBody>, 'cursor' | 'limit'>;
export type OperatorCreateInput = z.input<typeof operatorCreateBody>;
export type OperatorUpdateInput = z.input<typeof operatorUpdateBody>;

export const adminKeys = {
  all: ['ops', 'admin'] as const,
  operators: () => [...adminKeys.all, 'operators'] as const,
  audit: (filter: AuditFilter) => [...adminKeys.all, 'audit', filter] as const,
};

export const useOperators = () =>
  useQuery({
    queryKey: adminKeys.operators(),
    queryFn: ({ signal }) => call(opsEndpoints.operatorList, {}, { signal }),
  });

export const useAuditLog = (filter: AuditFilter) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminKeys.audit(filter),
      initialPageParam: undefined as string | undefined,
      queryFn: ({ pageParam, signal }) =>
        call(opsEndpoints.auditList, { body: { ...filter, cursor: pageParam, limit: 50 } }, { signal }),
      getNextPageParam: (last) => (last.hasMore ? (last.nextCursor ?? undefined) : undefined),
    }),
  );

/** Every change to an operator changes the list and the audit log. */
function useAdminMutation<I, O>(run: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
export const useCreateOperator = () =>
  useAdminMutation((body: OperatorCreateInput) => call(opsEndpoints.operatorCreate, { body }, { quiet: true }));
export const useUpdateOperator = () =>
  useAdminMutation((body: OperatorUpdateInput) => call(opsEndpoints.operatorUpdate, { body }, { quiet: true }));

export type OperatorAction = 'disable' | 'enable' | 'resetTotp';
const ACTIONS = {
  disable: opsEndpoints.operatorDisable,
  enable: opsEndpoints.operatorEnable,
  resetTotp: opsEndpoints.operatorResetTotp,
};
export const useOperatorAction = () =>
  useAdminMutation(({ action, operatorId, reason }: { action: OperatorAction; operatorId: number; reason?: string }) =>
    call(ACTIONS[action], { body: { operatorId, reason } }, { quiet: true }),
  );
