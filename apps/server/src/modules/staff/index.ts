// The staff module's front door: members of a company, their roles and permissions (/staff-manage).
import type { AppModule } from '../../module.ts';
import staffRoutes from './staff.routes.ts';

export {
  acceptInvitation,
  declineInvitation,
  pendingInvitations,
  type PendingInvitation,
} from './invitation.service.ts';
export { loadMembership, type MembershipRow } from './membership-access.ts';
export {
  countCompaniesByUser,
  countMembersByCompany,
  deleteMembership,
  findMemberByUser,
  listUserMemberships,
  lockCompanyStaff,
  otherActiveOwners,
  type MemberStatus,
  type UserMembershipRow,
} from './membership.service.ts';
export { addMember, builtInRoleId, createBuiltInRoles } from './roles.service.ts';

export const module: AppModule = { name: 'staff', routes: [{ plugin: staffRoutes, prefix: '/api/merchant' }] };
