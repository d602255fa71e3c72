import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
// The signed-in layouts call the API at once: the request layer (axios) comes with them rather than on the first
// call, so a page whose connection drops later still reports it as offline (S8.6).
import '@/lib/request';

/** TanStack Query for the signed-in layouts (main, and blank behind the guard). */
export function QueryLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
