import { apiPost } from '@/lib/api';

/** POST /staff/setRole; a refusal (last owner, owner role) is toasted by the request layer. */
export const setStaffRole = (memberId: number, roleId: number) => apiPost<null>('/staff/setRole', { memberId, roleId });
