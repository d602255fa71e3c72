import type { z } from 'zod';
import type { opsLoginBody } from '@mchweb/contract/ops/schemas';
import { opsEndpoints } from '@mchweb/contract/ops/endpoints';
import { call } from '@/lib/api-client';

/** The password step: its token opens only the code step (quiet: the form shows the refusal beside its field). */
export const signInWithPassword = (body: z.input<typeof opsLoginBody>) =>
  call(opsEndpoints.login, { body }, { quiet: true });

/** What an operator's authenticator app needs on the first sign-in (the QR code and the secret). */
export const totpEnrolment = () => call(opsEndpoints.totpEnrolment, {}, { quiet: true });

/** The code step: answers the signed-in operator; the token is then a full session. */
export const verifyTotp = (code: string) => call(opsEndpoints.totpVerify, { body: { code } }, { quiet: true });
