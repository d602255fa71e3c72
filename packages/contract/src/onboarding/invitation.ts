/**
 * Invitations: a member makes one (`GET /getIncoQrCode`), the page draws its `url` as a QR code, and the merchant
 * who opens it fills in one application on the public page `/mchweb/inco/:inviteNo` through `/api/pay/inco/*`,
 * without an account. The invitation number is the credential, hence 24 random characters.
 */
import { z } from 'zod';
import { anyOf, page, pageFields } from '../envelope.ts';
import { applicationDraft } from './application.ts';
import { APPLY_STATUSES } from './schemas.ts';
import { instant } from '../validation.ts';

/** `I` and 24 random base62 characters (about 143 bits): not guessable, not enumerable. */
export const INVITE_NO_RE = /^I[0-9A-Za-z]{24}$/;
export const inviteNo = z.string().trim().regex(INVITE_NO_RE, 'must be an invitation number from an invitation link');

/** The public page of an invitation, under the web app's base (the server prefixes its public origin for `url`). */
export function invitePath(no: string): string {
  return `/mchweb/inco/${no}`;
}

/**
 * ACTIVE: can be used; USED: its application was submitted (later edits happen in the portal); REVOKED by a
 * member; EXPIRED: `expiresAt` passed while ACTIVE (judged when read).
 */
export const INVITE_STATUSES = ['ACTIVE', 'USED', 'REVOKED', 'EXPIRED'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const INVITE_DAYS_DEFAULT = 7;
export const INVITE_DAYS_MAX = 30;
/** `GET /getIncoQrCode?expiresInDays=&remark=` (onboarding:edit) makes an invitation and answers `invite`. */
export const inviteQrCodeQuery = z.strictObject({
  expiresInDays: z.coerce.number().int().min(1).max(INVITE_DAYS_MAX).default(INVITE_DAYS_DEFAULT),
  /** A note for the organisation's own list (whom it was given to). */
  remark: z.string().trim().max(50, 'must be at most 50 characters').optional(),
});

export const invite = z.object({
  inviteNo: z.string(),
  /** The public page's full address: what the QR code holds. */
  url: z.string(),
  expiresAt: instant,
  status: z.enum(INVITE_STATUSES),
  remark: z.string().nullable(),
  createdAt: instant,
  /** The member who made it (name or mobile). */
  createdBy: z.string().nullable(),
  /** When its application was submitted. */
  usedAt: instant.nullable(),
  /** The application started through it (from its first save), its merchant name and status. */
  applyNo: z.string().nullable(),
  merchantName: z.string().nullable(),
  applyStatus: z.enum(APPLY_STATUSES).nullable(),
});
export type Invite = z.infer<typeof invite>;

/** `POST /inco/invite/list`, newest first. */
export const inviteListBody = z.strictObject({ status: anyOf(INVITE_STATUSES).optional(), ...pageFields });
export type InviteListBody = z.input<typeof inviteListBody>;
export const invitePage = page(invite);
export type InvitePage = z.infer<typeof invitePage>;
/** `POST /inco/invite/revoke`: ACTIVE -> REVOKED (onboarding:edit); its draft, if any, stays with the organisation. */
export const inviteRevokeBody = z.strictObject({ inviteNo });

/** `GET /api/pay/inco/:inviteNo` */
export const publicInviteParams = z.strictObject({ inviteNo });
/**
 * What the public page shows. `application` (the saved draft, to resume filling in) only while ACTIVE; for a
 * USED, REVOKED or EXPIRED invitation the page explains the status instead of the form.
 */
export const publicInvite = z.object({
  inviteNo: z.string(),
  companyName: z.string(),
  status: z.enum(INVITE_STATUSES),
  expiresAt: instant,
  applyNo: z.string().nullable(),
  applyStatus: z.enum(APPLY_STATUSES).nullable(),
  application: applicationDraft.nullable(),
});
export type PublicInvite = z.infer<typeof publicInvite>;

/**
 * `POST /api/pay/inco/save` (answers `applicationSaveAnswer`): the invitation's one application, created at the first
 * save and replaced by later ones. Uploads go to `POST /api/pay/inco/upload` (multipart: `inviteNo` and `file`).
 */
export const publicApplicationSaveBody = applicationDraft.extend({ inviteNo });
export type PublicApplicationSaveBody = z.input<typeof publicApplicationSaveBody>;
/** `POST /api/pay/inco/submit` (answers `applicationSubmitAnswer`): submits it; the invitation becomes USED. */
export const publicApplicationSubmitBody = z.strictObject({ inviteNo });
