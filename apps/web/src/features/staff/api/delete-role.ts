import type { z } from 'zod';
import type { deleteRoleBody } from '@mchweb/contract';
import { staffEndpoints } from '@mchweb/contract/staff/endpoints';
import { call } from '@/lib/api-client';
import { staffKeys } from './query-keys';
import { useStaffMutation } from './use-staff-mutation';

/** POST /role/delete: a custom role no member holds; the refusal says how many hold it. */
export const deleteRole = (input: z.input<typeof deleteRoleBody>) => call(staffEndpoints.roleDelete, { body: input });
export const useDeleteRole = () => useStaffMutation(deleteRole, staffKeys.roles());
