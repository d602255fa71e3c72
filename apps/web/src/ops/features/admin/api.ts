import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { operatorCreateBody, operatorUpdateBody, opsAuditListBody } from '@mchweb/contract/ops/schemas';
import { opsEndpoints } from '@mchweb/contract/ops/endpoints';
import { call } from '@/lib/api-client';
import { keysetQuery, useChangeAndRefresh } from '../../components/queries';

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
    keysetQuery(adminKeys.audit(filter), (cursor, signal) =>
      call(opsEndpoints.auditList, { body: { ...filter, cursor, limit: 50 } }, { signal }),
    ),
  );

/** Every change to an operator changes the list and the audit log. */
const useAdminMutation = <I, O>(run: (input: I) => Promise<O>) => useChangeAndRefresh(adminKeys.all, run);
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
