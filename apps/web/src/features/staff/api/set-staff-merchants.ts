import type { z } from 'zod';
import type { setStaffMerchantsBody } from '@mchweb/contract';
import { staffEndpoints } from '@mchweb/contract/staff/endpoints';
import { call } from '@/lib/api-client';
import { staffKeys } from './query-keys';
import { useStaffMutation } from './use-staff-mutation';

export type SetStaffMerchantsInput = z.input<typeof setStaffMerchantsBody>;

/** POST /staff/setMerchants; quiet so the dialog shows the msg beside the merchant field. */
export const setStaffMerchants = (input: SetStaffMerchantsInput) =>
  call(staffEndpoints.setMerchants, { body: input }, { quiet: true });

/** Limit a member to some merchants or give it every merchant: the members list changes (and the audit log). */
export const useSetStaffMerchants = () => useStaffMutation(setStaffMerchants, staffKeys.all);
