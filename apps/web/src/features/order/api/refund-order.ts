import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { refundAnswer, refundBody } from '@mchweb/contract';
import { orderEndpoints } from '@mchweb/contract/order/endpoints';
import { call } from '@/lib/api-client';
import { orderKeys } from './query-keys';

export type RefundOrderInput = z.input<typeof refundBody>;
export type RefundAnswer = z.infer<typeof refundAnswer>;

/**
 * POST /order/refund (order:refund): part or all of what is left, with a reason and the idempotency key of the
 * dialog (a retry answers the same refund). Quiet: the form shows the msg beside the field it names.
 */
export const refundOrder = (input: RefundOrderInput) => call(orderEndpoints.refund, { body: input }, { quiet: true });

/**
 * A refund makes the order's detail, the list (its status and refunded amount) and the summary stale: all of
 * them are read again before the promise resolves, so the dialog closes onto the new figures.
 */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
