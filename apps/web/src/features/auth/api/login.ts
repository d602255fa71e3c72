import type { z } from 'zod';
import type { loginBody } from '@mchweb/contract';
import { authEndpoints } from '@mchweb/contract/auth/endpoints';
import { call } from '@/lib/api-client';

/** POST /login: quiet, the sign-in page shows the msg beside the field it names (or above the form). */
export const login = (input: z.input<typeof loginBody>) => call(authEndpoints.login, { body: input }, { quiet: true });
