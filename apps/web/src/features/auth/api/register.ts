import type { z } from 'zod';
import type { LoginData, registerBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';

export type RegisterInput = z.input<typeof registerBody>;

/** POST /register: signs the new user in (same answer as /login); quiet, the form shows the msg. */
export const register = (input: RegisterInput) => apiPost<LoginData>('/register', input, { quiet: true });
