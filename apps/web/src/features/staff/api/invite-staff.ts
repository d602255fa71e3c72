import type { StaffMember } from '@mchweb/contract';
import { apiPost } from '@/lib/api';

export interface InviteInput {
  mobile: string;
  name?: string;
  roleId: number;
}

/** POST /staff/invite; quiet so the form shows the msg beside the field it names. */
export const inviteStaff = (input: InviteInput) => apiPost<StaffMember>('/staff/invite', input, { quiet: true });
