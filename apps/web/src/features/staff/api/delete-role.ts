import { apiPost } from '@/lib/api';

/** POST /role/delete: a custom role no member holds; the refusal says how many hold it. */
export const deleteRole = (roleId: number) => apiPost<null>('/role/delete', { roleId });
