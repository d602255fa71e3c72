import { apiPost } from '@/lib/api';

/** POST /staff/remove: a member, or an invitation withdrawn. */
export const removeStaff = (memberId: number) => apiPost<null>('/staff/remove', { memberId });
