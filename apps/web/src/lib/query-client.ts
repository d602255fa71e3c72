import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { registerQueryCache } from './session';

/**
 * One QueryClient: a business refusal (ApiError) is an answer, not a flaky network, so it is never retried.
 * networkMode 'always': calls are sent even when the browser says it is offline, so the request layer sees the
 * failure and raises the offline banner (S4.3) instead of TanStack Query pausing them silently.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => !(error instanceof ApiError) && count < 1,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});
registerQueryCache(queryClient);
