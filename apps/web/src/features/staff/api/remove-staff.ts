import type { z } from 'zod';
import type { removeStaffBody } from '@mchweb/contract';
import { staffEndpoints } from '@mchweb/contract/staff/endpoints';
import { call } from '@/lib/api-client';
import { staffKeys } from './query-keys';
import { useStaffMutation } from './use-staff-mutation';

/** POST /staff/remove: a member, or an invitation withdrawn. */
export const removeStaff = (input: z.input<typeof removeStaffBody>) => call(staffEndpoints.remove, { body: input });
export const useRemoveStaff = () => useStaffMutation(removeStaff, staffKeys.all);
