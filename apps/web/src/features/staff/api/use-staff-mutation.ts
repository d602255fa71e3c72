import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A staff change and what it makes stale: the hook resolves once the queries under `stale` are fetched again
 * (members, roles and their member counts, the audit log all follow one change), so the page shows the result
 * when the success toast appears.
 */
export function useStaffMutation<Input, Result>(call: (input: Input) => Promise<Result>, stale: QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stale }),
  });
}
