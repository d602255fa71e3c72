import type { z } from 'zod';
import type { Role, saveRoleBody } from '@mchweb/contract';
import { apiPost } from '@/lib/api';
import { staffKeys } from './query-keys';
import { useStaffMutation } from './use-staff-mutation';

export type SaveRoleInput = z.input<typeof saveRoleBody>;

/** POST /role/save: create (no roleId) or edit a custom role; quiet so the editor shows the msg. */
export const saveRole = (input: SaveRoleInput) => apiPost<Role>('/role/save', input, { quiet: true });
export const useSaveRole = () => useStaffMutation(saveRole, staffKeys.all);
