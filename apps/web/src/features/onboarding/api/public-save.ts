import type { z } from 'zod';
import type { publicIncoSaveBody } from '@mchweb/contract';
import { apiPost, atApiOrigin } from '@/lib/api';

export type PublicSaveInput = z.input<typeof publicIncoSaveBody>;

/** POST /api/pay/inco/save: the invitation's one application, created at the first save, replaced later. */
export const publicSave = (input: PublicSaveInput) =>
  apiPost<{ applyNo: string }>(atApiOrigin('/api/pay/inco/save'), input, { quiet: true });
