import type { z } from 'zod';
import type { merchantFreezeBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { useMerchantStatusMutation, type MerchantStatusAnswer } from './use-merchant-status-mutation';

export type FreezeMerchantInput = z.input<typeof merchantFreezeBody>;

/** POST /merchant/freeze (merchant:edit): ACTIVE -> FROZEN with a reason. Quiet: the form shows the msg. */
export const freezeMerchant = (input: FreezeMerchantInput) =>
  apiPost<MerchantStatusAnswer>('/merchant/freeze', input, { quiet: true });
export const useFreezeMerchant = () => useMerchantStatusMutation(freezeMerchant);
