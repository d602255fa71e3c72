import type { z } from 'zod';
import type { removeStaffBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { staffKeys } from './query-keys';
import { useStaffMutation } from './use-staff-mutation';

/** POST /staff/remove: a member, or an invitation withdrawn. */
export const removeStaff = (input: z.input<typeof removeStaffBody>) => apiPost<null>('/staff/remove', input);
export const useRemoveStaff = () => useStaffMutation(removeStaff, staffKeys.all);
