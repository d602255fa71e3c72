import type { z } from 'zod';
import type { ApplyStatus, publicIncoSubmitBody } from '@mchweb/contract';
import { apiPost, atApiOrigin } from '@/lib/api';

export type PublicSubmitInput = z.input<typeof publicIncoSubmitBody>;

/** POST /api/pay/inco/submit: submits the invitation's application; the invitation becomes USED. */
export const publicSubmit = (input: PublicSubmitInput) =>
  apiPost<{ applyNo: string; status: ApplyStatus }>(atApiOrigin('/api/pay/inco/submit'), input, { quiet: true });
