import type { z } from 'zod';
import type { inviteStaffBody } from '@mchweb/contract';
import { staffEndpoints } from '@mchweb/contract/staff/endpoints';
import { call } from '@/lib/api-client';
import { staffKeys } from './query-keys';
import { useStaffMutation } from './use-staff-mutation';

export type InviteStaffInput = z.input<typeof inviteStaffBody>;

/** POST /staff/invite; quiet so the form shows the msg beside the field it names. */
export const inviteStaff = (input: InviteStaffInput) => call(staffEndpoints.invite, { body: input }, { quiet: true });

/** Invite by mobile: the members and the roles' member counts change. */
export const useInviteStaff = () => useStaffMutation(inviteStaff, staffKeys.all);
