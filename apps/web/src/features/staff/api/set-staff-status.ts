import { apiPost } from '@/lib/api';

/** POST /staff/setStatus: disable or enable; refusals (yourself, the last owner) are toasted by the layer. */
export const setStaffStatus = (memberId: number, status: 'ACTIVE' | 'DISABLED') =>
  apiPost<null>('/staff/setStatus', { memberId, status });
