import type { z } from 'zod';
import type { registerBody } from '@mchweb/contract';
import { authEndpoints } from '@mchweb/contract/auth/endpoints';
import { call } from '@/lib/api-client';

export type RegisterInput = z.input<typeof registerBody>;

/** POST /register: signs the new user in (same answer as /login); quiet, the form shows the msg. */
export const register = (input: RegisterInput) => call(authEndpoints.register, { body: input }, { quiet: true });
