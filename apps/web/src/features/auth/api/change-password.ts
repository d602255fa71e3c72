import type { z } from 'zod';
import type { changePasswordBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';

/** POST /user/changePassword: the server ends the user's other sessions; quiet, the form shows the msg. */
export const changePassword = (input: z.input<typeof changePasswordBody>) =>
  apiPost<null>('/user/changePassword', input, { quiet: true });
