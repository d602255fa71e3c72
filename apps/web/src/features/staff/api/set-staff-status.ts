import type { z } from 'zod';
import type { setStaffStatusBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { staffKeys } from './query-keys';
import { useStaffMutation } from './use-staff-mutation';

/** POST /staff/setStatus: disable or enable; refusals (yourself, the last owner) are toasted by the layer. */
export const setStaffStatus = (input: z.input<typeof setStaffStatusBody>) => apiPost<null>('/staff/setStatus', input);
export const useSetStaffStatus = () => useStaffMutation(setStaffStatus, staffKeys.all);
