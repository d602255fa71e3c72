import type { Role } from '@mchweb/contract';
import { apiPost } from '@/lib/api';

export interface SaveRoleInput {
  roleId?: number;
  name: string;
  permissions: string[];
}

/** POST /role/save: create (no roleId) or edit a custom role; quiet so the editor shows the msg. */
export const saveRole = (input: SaveRoleInput) => apiPost<Role>('/role/save', input, { quiet: true });
