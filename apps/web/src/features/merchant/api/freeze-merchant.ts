import type { z } from 'zod';
import type { merchantFreezeBody } from '@mchweb/contract';
import { merchantEndpoints } from '@mchweb/contract/merchant/endpoints';
import { call } from '@/lib/api-client';
import { useMerchantStatusMutation } from './use-merchant-status-mutation';

export type FreezeMerchantInput = z.input<typeof merchantFreezeBody>;

/** POST /merchant/freeze (merchant:edit): ACTIVE -> FROZEN with a reason. Quiet: the form shows the msg. */
export const freezeMerchant = (input: FreezeMerchantInput) =>
  call(merchantEndpoints.freeze, { body: input }, { quiet: true });
export const useFreezeMerchant = () => useMerchantStatusMutation(freezeMerchant);
