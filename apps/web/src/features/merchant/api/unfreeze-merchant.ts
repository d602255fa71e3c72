import type { z } from 'zod';
import type { merchantUnfreezeBody } from '@mchweb/contract';
import { merchantEndpoints } from '@mchweb/contract/merchant/endpoints';
import { call } from '@/lib/api-client';
import { useMerchantStatusMutation } from './use-merchant-status-mutation';

export type UnfreezeMerchantInput = z.input<typeof merchantUnfreezeBody>;

/** POST /merchant/unfreeze (merchant:edit): FROZEN -> ACTIVE, the reason optional. Quiet: the form shows the msg. */
export const unfreezeMerchant = (input: UnfreezeMerchantInput) =>
  call(merchantEndpoints.unfreeze, { body: input }, { quiet: true });
export const useUnfreezeMerchant = () => useMerchantStatusMutation(unfreezeMerchant);
