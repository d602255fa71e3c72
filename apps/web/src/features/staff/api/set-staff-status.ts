import type { z } from 'zod';
import type { setStaffStatusBody } from '@mchweb/contract';
import { staffEndpoints } from '@mchweb/contract/staff/endpoints';
import { call } from '@/lib/api-client';
import { staffKeys } from './query-keys';
import { useStaffMutation } from './use-staff-mutation';

/** POST /staff/setStatus: disable or enable; refusals (yourself, the last owner) are toasted by the layer. */
export const setStaffStatus = (input: z.input<typeof setStaffStatusBody>) =>
  call(staffEndpoints.setStatus, { body: input });
export const useSetStaffStatus = () => useStaffMutation(setStaffStatus, staffKeys.all);
