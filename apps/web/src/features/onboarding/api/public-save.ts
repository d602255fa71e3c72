import type { z } from 'zod';
import type { publicApplicationSaveBody } from '@mchweb/contract';
import { onboardingEndpoints } from '@mchweb/contract/onboarding/endpoints';
import { call } from '@/lib/api-client';

export type PublicSaveInput = z.input<typeof publicApplicationSaveBody>;

/** POST /api/pay/inco/save: the invitation's one application, created at the first save, replaced later. */
export const publicSave = (input: PublicSaveInput) =>
  call(onboardingEndpoints.publicSave, { body: input }, { quiet: true });
