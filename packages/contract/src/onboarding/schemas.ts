/**
 * The onboarding calls: `/api/merchant/inco/*` and `getIncoQrCode` for members (onboarding:view to read,
 * onboarding:edit to change), and `/api/pay/inco/*` for the invited merchant, who has no account: the
 * invitation number is the credential. Answers give every field, null when it has no value.
 */
import { z } from 'zod';
import { anyOf, page, pageFields } from '../envelope.ts';
import { MERCHANT_TYPES } from '../merchant/schemas.ts';
import { APPLICATION_STEPS, applyNo, applicationDraft } from './application.ts';
import { dateOrInstant, instant } from '../validation.ts';

/**
 * DRAFT -> SUBMITTED -> AUDITING -> APPROVED | REJECTED; a REJECTED one is edited and submitted again; DRAFT,
 * SUBMITTED and REJECTED can be CANCELED. APPROVED and CANCELED are final.
 */
export const APPLY_STATUSES = ['DRAFT', 'SUBMITTED', 'AUDITING', 'APPROVED', 'REJECTED', 'CANCELED'] as const;
export type ApplyStatus = (typeof APPLY_STATUSES)[number];
export const APPLY_TRANSITIONS: Record<ApplyStatus, readonly ApplyStatus[]> = {
  DRAFT: ['SUBMITTED', 'CANCELED'],
  SUBMITTED: ['AUDITING', 'CANCELED'],
  AUDITING: ['APPROVED', 'REJECTED'],
  REJECTED: ['SUBMITTED', 'CANCELED'],
  APPROVED: [],
  CANCELED: [],
};
export function canMoveApply(from: ApplyStatus, to: ApplyStatus): boolean {
  return APPLY_TRANSITIONS[from].includes(to);
}
/** The statuses in which `/inco/save` may change an application (saving keeps the status). */
export const EDITABLE_APPLY_STATUSES: readonly ApplyStatus[] = ['DRAFT', 'REJECTED'];

/** Where an application started: a member's wizard, or an invited merchant's public form. */
export const APPLY_SOURCES = ['PORTAL', 'INVITE'] as const;

/**
 * `POST /inco/save` (answers `applicationSaveAnswer`): creates a draft without `applyNo`, else replaces the whole
 * application of a DRAFT or REJECTED one with this body. `idempotencyKey` (a fresh one per new form) makes a
 * repeated create (double click, retry) answer the same `applyNo` instead of a second draft.
 */
export const applicationSaveBody = applicationDraft.extend({
  applyNo: applyNo.optional(),
  idempotencyKey: z.string().trim().min(8, 'must be at least 8 characters').max(64).optional(),
});
export type ApplicationSaveBody = z.input<typeof applicationSaveBody>;
export const applicationSaveAnswer = z.object({ applyNo: z.string() });

/**
 * `POST /inco/submit`: runs `completeApplication` on the saved application; DRAFT or REJECTED -> SUBMITTED.
 * Submitting one already SUBMITTED (double click, two tabs) answers as the first did.
 */
export const applicationSubmitBody = z.strictObject({ applyNo });
export const applicationSubmitAnswer = z.object({ applyNo: z.string(), status: z.enum(APPLY_STATUSES) });
/** `POST /inco/cancel`: DRAFT, SUBMITTED or REJECTED -> CANCELED. */
export const applicationCancelBody = z.strictObject({
  applyNo,
  reason: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});
/** `GET /inco/detail?applyNo=` and `GET /inco/progress?applyNo=`. */
export const applyNoQuery = z.strictObject({ applyNo });

/**
 * `POST /inco/list`, newest first. `name` matches the merchant name or short name (contains). A `createdFrom`
 * day counts from its start, a `createdTo` day includes the whole day (Asia/Shanghai).
 */
export const applicationListBody = z.strictObject({
  status: anyOf(APPLY_STATUSES).optional(),
  name: z.string().trim().min(1).max(100, 'must be at most 100 characters').optional(),
  createdFrom: dateOrInstant.optional(),
  createdTo: dateOrInstant.optional(),
  ...pageFields,
});
export type ApplicationListBody = z.input<typeof applicationListBody>;

export const applicationListItem = z.object({
  applyNo: z.string(),
  status: z.enum(APPLY_STATUSES),
  /** From the subject section; null while the draft lacks them. */
  type: z.enum(MERCHANT_TYPES).nullable(),
  name: z.string().nullable(),
  shortName: z.string().nullable(),
  source: z.enum(APPLY_SOURCES),
  /** The invitation it came through (source INVITE). */
  inviteNo: z.string().nullable(),
  /** The member who started it (name or mobile); null for an invited merchant. */
  createdBy: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
  /** The last submission. */
  submittedAt: instant.nullable(),
  /** The reviewer's reason of the last rejection, while REJECTED. */
  rejectReason: z.string().nullable(),
  /** The merchant the approval created. */
  mchNo: z.string().nullable(),
});
export type ApplicationListItem = z.infer<typeof applicationListItem>;
export const applicationPage = page(applicationListItem);
export type ApplicationPage = z.infer<typeof applicationPage>;

/**
 * A field of the application a rejection names (issue 28): a section (`subject`, `documents`...) or one field of
 * it (`subject.name`, `settlement.accountNumber`, `documents.LICENCE`, `rates.WECHAT`).
 */
export const REVIEW_FIELD_RE = new RegExp(`^(?:${APPLICATION_STEPS.join('|')})(?:\\.[A-Za-z_]{1,40})?$`);
export const reviewField = z.string().trim().regex(REVIEW_FIELD_RE, 'must name a section or a field of it');
/** The reviewer's reason for one field of a rejected application, which the merchant corrects. */
export const fieldReason = z.object({
  field: reviewField,
  reason: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
});
export type FieldReason = z.infer<typeof fieldReason>;

/** `GET /inco/detail?applyNo=`: the row and the application as saved (a draft may lack sections). */
export const applicationDetail = applicationListItem.extend({
  application: applicationDraft,
  /** While REJECTED by an operator of the console: the reason per field to correct. */
  rejectFields: z.array(fieldReason).nullable().optional(),
});
export type ApplicationDetail = z.infer<typeof applicationDetail>;

/**
 * The events of the audit-progress timeline. RESUBMITTED is a submission after a rejection; SAVED may be
 * recorded once per editing session rather than per save.
 */
export const APPLICATION_EVENTS = [
  'CREATED',
  'SAVED',
  'SUBMITTED',
  'AUDITING',
  'APPROVED',
  'REJECTED',
  'CANCELED',
  'RESUBMITTED',
] as const;
export type ApplicationEvent = (typeof APPLICATION_EVENTS)[number];
/** Who acted: a member, the invited merchant, the platform's operator (ops command line), the system (sandbox). */
export const APPLICATION_ACTORS = ['MEMBER', 'INVITEE', 'OPERATOR', 'SYSTEM'] as const;
export const applicationProgressEvent = z.object({
  event: z.enum(APPLICATION_EVENTS),
  at: instant,
  actor: z.enum(APPLICATION_ACTORS),
  /** The member's name or mobile (actor MEMBER), else null. */
  by: z.string().nullable(),
  /** REJECTED: the reviewer's reason; CANCELED: the reason given, if any. */
  reason: z.string().nullable(),
  /** REJECTED by an operator of the console: the reason per field (absent or null otherwise). */
  fields: z.array(fieldReason).nullable().optional(),
});
export type ApplicationProgressEvent = z.infer<typeof applicationProgressEvent>;
/** `GET /inco/progress?applyNo=`: the timeline, oldest first. */
export const applicationProgress = z.object({
  applyNo: z.string(),
  status: z.enum(APPLY_STATUSES),
  name: z.string().nullable(),
  mchNo: z.string().nullable(),
  events: z.array(applicationProgressEvent),
  /** While REJECTED by an operator of the console: the reason per field to correct. */
  rejectFields: z.array(fieldReason).nullable().optional(),
});
export type ApplicationProgress = z.infer<typeof applicationProgress>;

/** Uploads (`POST /inco/upload`, `POST /api/pay/inco/upload`): multipart, one file in the field `file`. */
export const ONBOARDING_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Judged by the file's first bytes, not its name or declared type. */
export const ONBOARDING_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const onboardingUploadResult = z.object({
  fileId: z.string(),
  /** Where a member (or the invitation's holder) reads the file back; the server checks who asks. */
  url: z.string(),
  /** The name the file was uploaded with (stored under a random one). */
  name: z.string(),
  size: z.number().int(),
  contentType: z.enum(ONBOARDING_UPLOAD_TYPES),
});
export type OnboardingUploadResult = z.infer<typeof onboardingUploadResult>;
