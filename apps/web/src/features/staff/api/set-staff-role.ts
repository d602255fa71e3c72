import type { z } from 'zod';
import type { setStaffRoleBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { staffKeys } from './query-keys';
import { useStaffMutation } from './use-staff-mutation';

/** POST /staff/setRole; a refusal (last owner, owner role) is toasted by the request layer. */
export const setStaffRole = (input: z.input<typeof setStaffRoleBody>) => apiPost<null>('/staff/setRole', input);
export const useSetStaffRole = () => useStaffMutation(setStaffRole, staffKeys.all);
