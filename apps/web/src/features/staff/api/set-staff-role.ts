import type { z } from 'zod';
import type { setStaffRoleBody } from '@mchweb/contract';
import { staffEndpoints } from '@mchweb/contract/staff/endpoints';
import { call } from '@/lib/api-client';
import { staffKeys } from './query-keys';
import { useStaffMutation } from './use-staff-mutation';

/** POST /staff/setRole; a refusal (last owner, owner role) is toasted by the request layer. */
export const setStaffRole = (input: z.input<typeof setStaffRoleBody>) => call(staffEndpoints.setRole, { body: input });
export const useSetStaffRole = () => useStaffMutation(setStaffRole, staffKeys.all);
