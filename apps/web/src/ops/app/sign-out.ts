import { opsEndpoints } from '@mchweb/contract/ops/endpoints';
import { call } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session-expiry';

/** Ends the session on the server (best effort: the browser forgets it either way) and drops cached answers. */
export async function signOutOperator(): Promise<void> {
  try {
    await call(opsEndpoints.logout, {}, { quiet: true });
  } catch {
    // Already expired or offline: nothing more to end.
  } finally {
    clearSession();
    queryClient.clear();
  }
}
