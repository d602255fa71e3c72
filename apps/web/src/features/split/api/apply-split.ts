import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SplitApplyBody } from '@mchweb/contract';
import { splitEndpoints } from '@mchweb/contract/split/endpoints';
import { call } from '@/lib/api-client';
import { splitKeys } from './query-keys';

export type ApplySplitInput = SplitApplyBody;

/**
 * POST /div/apply (split:apply): a merchant's receivers (merchants of the organisation or outside bank cards) with
 * whole-percent ratios, at most 30 % in all. Quiet: the form shows the msg beside the field it names
 * (`receivers.1.ratio`, or `receivers` for the total).
 */
export const applySplit = (input: ApplySplitInput) => call(splitEndpoints.apply, { body: input }, { quiet: true });

/** A new application makes every list stale: read again before the promise resolves. */
export function useApplySplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applySplit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: splitKeys.all }),
  });
}
