import type { z } from 'zod';
import type { LoginData, loginBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';

/** POST /login: quiet, the sign-in page shows the msg beside the field it names (or above the form). */
export const login = (input: z.input<typeof loginBody>) => apiPost<LoginData>('/login', input, { quiet: true });
