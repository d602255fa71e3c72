import { useMutation, useQueryClient } from '@tanstack/react-query';
import { codeKeys } from './query-keys';

/**
 * A change of codes and what it makes stale: the batches (their counts per status) and every code list. Resolves
 * once they are fetched again, so the page shows the change when the success toast appears.
 */
export function useCodeMutation<Input, Result>(call: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeKeys.all }),
  });
}
