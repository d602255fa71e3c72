import type { z } from 'zod';
import type { publicApplicationSubmitBody } from '@mchweb/contract';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';

export type PublicSubmitInput = z.input<typeof publicApplicationSubmitBody>;

/** POST /api/pay/inco/submit: submits the invitation's application; the invitation becomes USED. */
export const publicSubmit = (input: PublicSubmitInput) =>
  call(onboardingEndpoints.publicSubmit, { body: input }, { quiet: true });
