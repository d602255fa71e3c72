import { z } from 'zod';
import { PERMISSIONS } from '../permissions.ts';
import { pageQuery, pageSchema } from '../envelope.ts';
import { id, mobile } from '../validation.ts';
import { MEMBER_STATUSES } from '../company/schemas.ts';

/** The most merchants one member may be limited to (more than that: leave them every merchant). */
export const MEMBER_MERCHANTS_MAX = 200;

/**
 * Merchants something is limited to (a member, an API key, a webhook endpoint), named by `merchant` (an id or a
 * number): 1 to MEMBER_MERCHANTS_MAX, each once; null = every merchant of the organisation. Problems are named on
 * the list itself (not on one of its items), so a form shows them beside its merchant field.
 */
export const merchantLimit = <T extends z.ZodType<string | number>>(merchant: T) =>
  z
    .array(merchant)
    .min(1, 'must name at least 1 merchant')
    .max(MEMBER_MERCHANTS_MAX, `must name at most ${MEMBER_MERCHANTS_MAX} merchants`)
    .refine((all) => new Set(all).size === all.length, 'must not name a merchant twice')
    .nullable();

/** Number and name of the merchants something is limited to, for a list that shows them. */
export const namedMerchants = z.array(z.object({ mchId: z.number().int(), mchNo: z.string(), name: z.string() }));

/** The merchants a member is limited to (issue 11): ids of the organisation's merchants (`mchId` of `mchInfo`). */
export const memberMerchantIds = merchantLimit(id);

export const staffMember = z.object({
  memberId: z.number().int(),
  userId: z.number().int().nullable(),
  mobile: z.string(),
  name: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleCode: z.string().nullable(),
  status: z.enum(MEMBER_STATUSES),
  isSelf: z.boolean(),
  createdAt: z.string(),
  /** The merchants the member is limited to; null: every merchant of the organisation. */
  merchantIds: z.array(z.number().int()).nullable(),
  /** Number and name of those of merchantIds the caller may see itself (for the list's tooltip). */
  merchants: namedMerchants,
});
export type StaffMember = z.infer<typeof staffMember>;

export const inviteStaffBody = z.strictObject({
  mobile,
  name: z.string().trim().max(50, 'must be at most 50 characters').optional(),
  roleId: id,
  /** Absent or null: every merchant of the organisation. */
  merchantIds: memberMerchantIds.optional(),
});
export const setStaffRoleBody = z.strictObject({
  memberId: id,
  roleId: id,
});
export const setStaffStatusBody = z.strictObject({
  memberId: id,
  status: z.enum(['ACTIVE', 'DISABLED']),
});
/** `POST /staff/setMerchants`: limit a member to some merchants, or (null) give it every merchant again. */
export const setStaffMerchantsBody = z.strictObject({
  memberId: id,
  merchantIds: memberMerchantIds,
});
export const removeStaffBody = z.strictObject({ memberId: id });

/**
 * `GET /staff/invitation/list`: the signed-in user's pending invitations (to their own mobile). An invitation
 * grants nothing until its invitee accepts it.
 */
export const staffInvitation = z.object({
  invitationId: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  /** OWNER, ADMIN, FINANCE, CASHIER, or CUSTOM for a custom role (its name in roleName). */
  role: z.string(),
  roleName: z.string(),
  invitedAt: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitation>;
/** `POST /staff/invitation/accept` and `/staff/invitation/decline`. */
export const staffInvitationBody = z.strictObject({ invitationId: id });

export const role = z.object({
  roleId: z.number().int(),
  /** OWNER, ADMIN, FINANCE, CASHIER for built-in roles; null for custom ones. */
  code: z.string().nullable(),
  name: z.string(),
  builtIn: z.boolean(),
  permissions: z.array(z.string()),
  memberCount: z.number().int(),
});
export type Role = z.infer<typeof role>;

const roleName = z.string().trim().min(1, 'is required').max(30, 'must be at most 30 characters');
const permissionList = z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length);
export const saveRoleBody = z.strictObject({
  roleId: id.optional(),
  name: roleName,
  permissions: permissionList,
});
export const deleteRoleBody = z.strictObject({ roleId: id });

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userMobile: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditListQuery = pageQuery;
export const auditPage = pageSchema(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;

/** `GET /role/catalogue`: the permission tree of the role editor (MENU groups -> pages -> buttons). */
export const roleCatalogue = z.array(
  z.object({
    code: z.string(),
    icon: z.string(),
    pages: z.array(
      z.object({
        code: z.string(),
        path: z.string(),
        /** The page's own permission; null: every member opens it. */
        permission: z.enum(PERMISSIONS).nullable(),
        buttons: z.array(z.enum(PERMISSIONS)),
      }),
    ),
  }),
);
export type RoleCatalogue = z.infer<typeof roleCatalogue>;
