import type { z } from 'zod';
import type { saveRoleBody } from '@mchweb/contract';
import { staffEndpoints } from '@mchweb/contract/staff/endpoints';
import { call } from '@/lib/api-client';
import { staffKeys } from './query-keys';
import { useStaffMutation } from './use-staff-mutation';

export type SaveRoleInput = z.input<typeof saveRoleBody>;

/** POST /role/save: create (no roleId) or edit a custom role; quiet so the editor shows the msg. */
export const saveRole = (input: SaveRoleInput) => call(staffEndpoints.roleSave, { body: input }, { quiet: true });
export const useSaveRole = () => useStaffMutation(saveRole, staffKeys.all);
