import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';

/**
 * GET /api/pay/inco/:inviteNo (public, no sign-in): the invitation's status, organisation and saved draft. The
 * public page has no QueryClient (it is outside the signed-in layouts): it calls this itself. Quiet: an unknown
 * invitation is the page's own state, not a toast.
 */
export const fetchPublicInvite = (inviteNo: string, signal?: AbortSignal) =>
  call(onboardingEndpoints.publicInvite, { params: { inviteNo } }, { signal, quiet: true });
