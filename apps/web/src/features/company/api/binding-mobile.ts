import type { z } from 'zod';
import type { bindingMobileBody } from '@mchweb/contract';
import { companyEndpoints } from '@mchweb/contract/company/endpoints';
import { call } from '@/lib/api-client';
import { useProfileMutation } from './company-info';
import { companyKeys } from './query-keys';

export type BindingMobileInput = z.input<typeof bindingMobileBody>;

/** POST /feeManager/bindingMobile: rejected silently (S8.3, `quiet`), the form shows the msg beside its field. */
export const bindingMobile = (input: BindingMobileInput) =>
  call(companyEndpoints.bindMobile, { body: input }, { quiet: true });

/** Binding completes a getting-started step: the checklist is fetched again. */
export const useBindingMobile = () => useProfileMutation(bindingMobile, companyKeys.initStatus());
