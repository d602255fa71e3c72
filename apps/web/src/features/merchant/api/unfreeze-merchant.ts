import type { z } from 'zod';
import type { merchantUnfreezeBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { useMerchantStatusMutation, type MerchantStatusAnswer } from './use-merchant-status-mutation';

export type UnfreezeMerchantInput = z.input<typeof merchantUnfreezeBody>;

/** POST /merchant/unfreeze (merchant:edit): FROZEN -> ACTIVE, the reason optional. Quiet: the form shows the msg. */
export const unfreezeMerchant = (input: UnfreezeMerchantInput) =>
  apiPost<MerchantStatusAnswer>('/merchant/unfreeze', input, { quiet: true });
export const useUnfreezeMerchant = () => useMerchantStatusMutation(unfreezeMerchant);
