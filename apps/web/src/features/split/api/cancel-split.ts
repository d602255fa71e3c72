import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { splitCancelBody } from '@mchweb/contract';
import { splitEndpoints } from '@mchweb/contract/split/endpoints';
import { call } from '@/lib/api-client';
import { splitKeys } from './query-keys';

export type CancelSplitInput = z.input<typeof splitCancelBody>;

/** POST /div/cancel (split:apply): a SUBMITTED application -> CANCELED. A refusal is toasted by the request layer. */
export const cancelSplit = (input: CancelSplitInput) => call(splitEndpoints.cancel, { body: input });

/** The lists and the application's detail are read again before the promise resolves. */
export function useCancelSplit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSplit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: splitKeys.all }),
  });
}
