import type { z } from 'zod';
import type { changePasswordBody } from '@mchweb/contract';
import { authEndpoints } from '@mchweb/contract/auth/endpoints';
import { call } from '@/lib/api-client';

/** POST /user/changePassword: the server ends the user's other sessions; quiet, the form shows the msg. */
export const changePassword = (input: z.input<typeof changePasswordBody>) =>
  call(authEndpoints.changePassword, { body: input }, { quiet: true });
