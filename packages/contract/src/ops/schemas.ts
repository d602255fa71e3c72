/**
 * The operator console's calls (`/api/ops/*`, issue 28). Operators are the provider's staff with their own
 * accounts, sessions and permission codes (./permissions.ts); a merchant token is refused here and an operator
 * token under /api/merchant. Sign-in is password, then a TOTP code (RFC 6238): the password step answers a token
 * that only opens the code step; the code step makes the same token a full session.
 */
import { z } from 'zod';
import { COMPANY_STATUSES } from '../company/schemas.ts';
import { page, pageFields } from '../envelope.ts';
import { CHANNELS, MERCHANT_STATUSES, MERCHANT_TYPES, mchNo, merchantDetail } from '../merchant/schemas.ts';
import { applicationDraft, applyNo, DOC_KINDS } from '../onboarding/application.ts';
import {
  APPLICATION_ACTORS,
  APPLICATION_EVENTS,
  APPLY_SOURCES,
  APPLY_STATUSES,
  fieldReason,
} from '../onboarding/schemas.ts';
import { RATE_MAX } from '../rate.ts';
import { settleNo, SETTLEMENT_STATUSES, settlementItem } from '../settlement/schemas.ts';
import { SPLIT_STATUSES, splitApplyNo, splitReceiverView } from '../split/schemas.ts';
import { PAYEE_TYPES } from '../transfer/schemas.ts';
import { calendarDate, id, instant, mobile, password, queryId, rate } from '../validation.ts';
import { OPS_PERMISSIONS, OPS_ROLES } from './permissions.ts';

/** The API base of the console. */
export const OPS_API_BASE = '/api/ops/';
/** Operator tokens start with this, so a server (and a person reading a log) tells them from merchant tokens. */
export const OPS_TOKEN_PREFIX = 'ops_';

/** An operator session ends after this long without a call... */
export const OPS_IDLE_MINUTES = 30;
/** ...and this long after the sign-in, whatever happens (a working day). */
export const OPS_ABSOLUTE_HOURS = 8;
/** The code step must follow the password step within this many minutes. */
export const OPS_CODE_STEP_MINUTES = 5;

const reason = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');
const optionalReason = z.string().trim().max(200, 'must be at most 200 characters').optional();

// ---------- Operators and sign-in ----------

export const OPERATOR_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type OperatorStatus = (typeof OPERATOR_STATUSES)[number];
/** A sign-in name: 3 to 32 of a-z, 0-9, dot, underscore, hyphen (stored lower-case). */
export const OPERATOR_USERNAME_RE = /^[a-z0-9._-]{3,32}$/;
export const operatorUsername = z
  .string()
  .trim()
  .toLowerCase()
  .regex(OPERATOR_USERNAME_RE, 'must be 3 to 32 of a-z, 0-9, dot, underscore or hyphen');
export const operatorId = id;
/** A TOTP code: 6 digits (RFC 6238, 30-second steps, SHA-1: what every authenticator app shows). */
export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6 digits the authenticator app shows');

/** `POST /api/ops/login`: username or mobile, and password. */
export const opsLoginBody = z.strictObject({
  account: z.string().trim().min(1, 'is required').max(64),
  password: z.string().min(1, 'is required').max(128),
});
/**
 * The password step's answer. `token` opens only the code step (`/totp/*`, `/logout`) until a right code is
 * sent: `next` says which: CODE for an enrolled operator, ENROL for one who has not confirmed an authenticator
 * yet (first sign-in, or after an admin reset it): GET /totp/enrolment shows the secret, then /totp/verify.
 */
export const opsLoginData = z.object({
  token: z.string(),
  next: z.enum(['CODE', 'ENROL']),
  /** The code step must come before this. */
  codeDeadline: instant,
});
export type OpsLoginData = z.infer<typeof opsLoginData>;

/** `GET /api/ops/totp/enrolment`: what the authenticator app needs (only while not enrolled). */
export const totpEnrolment = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** `otpauth://totp/...`: what the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as a PNG data URL (`data:image/png;base64,...`). */
  qrDataUrl: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;
/** `POST /api/ops/totp/verify`: the code of the current 30-second step (a code is accepted once). */
export const totpVerifyBody = z.strictObject({ code: totpCode });

/** The signed-in operator (`GET /api/ops/me`, and the answer of /totp/verify). */
export const opsMe = z.object({
  operatorId: z.number().int(),
  username: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  roles: z.array(z.enum(OPS_ROLES)),
  permissions: z.array(z.enum(OPS_PERMISSIONS)),
  /** The session ends at the latest then (absolute limit); it also ends after OPS_IDLE_MINUTES idle. */
  sessionExpiresAt: instant,
  idleMinutes: z.number().int(),
});
export type OpsMe = z.infer<typeof opsMe>;

/** `POST /api/ops/password`: ends the operator's other sessions. */
export const opsChangePasswordBody = z.strictObject({
  oldPassword: z.string().min(1, 'is required').max(128),
  newPassword: password,
});

export const operatorItem = z.object({
  operatorId: z.number().int(),
  username: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  roles: z.array(z.enum(OPS_ROLES)),
  status: z.enum(OPERATOR_STATUSES),
  /** Has confirmed an authenticator with a right code. */
  totpEnrolled: z.boolean(),
  lastSignInAt: instant.nullable(),
  createdAt: instant,
});
export type OperatorItem = z.infer<typeof operatorItem>;
export const operatorList = z.array(operatorItem);
const roles = z
  .array(z.enum(OPS_ROLES))
  .min(1, 'must name at least one role')
  .refine((l) => new Set(l).size === l.length, 'must not repeat a role');
/** `POST /api/ops/operator/create` (admin): the new operator enrols an authenticator at the first sign-in. */
export const operatorCreateBody = z.strictObject({
  username: operatorUsername,
  name: z.string().trim().min(1, 'is required').max(50),
  mobile: mobile.optional(),
  roles,
  /** The first password, told to the operator out of band. */
  password,
});
export const operatorUpdateBody = z.strictObject({
  operatorId,
  name: z.string().trim().min(1, 'is required').max(50).optional(),
  roles: roles.optional(),
});
/** Disable (ends the operator's sessions), enable, or reset the authenticator (enrol again at next sign-in). */
export const operatorActionBody = z.strictObject({ operatorId, reason: optionalReason });

// ---------- Work queues ----------

/** Who a queue item is assigned to: `me`, `nobody`, or any (absent). */
export const QUEUE_ASSIGNEE_FILTERS = ['me', 'nobody'] as const;
export const queueAssignee = z.object({ operatorId: z.number().int(), name: z.string() });
/** `POST /api/ops/onboarding/assign` and `/split/assign`: take it (`me`) or put it back (`nobody`). */
const assignTo = z.enum(['me', 'nobody']);

/**
 * `POST /api/ops/onboarding/queue`, oldest submission first (the longest wait on top). Default statuses:
 * SUBMITTED and AUDITING (what waits for a decision).
 */
export const onboardingQueueBody = z.strictObject({
  status: z.array(z.enum(APPLY_STATUSES)).max(APPLY_STATUSES.length).optional(),
  assignee: z.enum(QUEUE_ASSIGNEE_FILTERS).optional(),
  /** Only items waiting at least this many hours. */
  minAgeHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .optional(),
  /** Name, short name, application number or organisation name (contains). */
  q: z.string().trim().min(1).max(100).optional(),
  ...pageFields,
});
export type OnboardingQueueBody = z.input<typeof onboardingQueueBody>;
export const onboardingQueueItem = z.object({
  applyNo: z.string(),
  status: z.enum(APPLY_STATUSES),
  companyId: z.number().int(),
  companyName: z.string(),
  type: z.enum(MERCHANT_TYPES).nullable(),
  name: z.string().nullable(),
  shortName: z.string().nullable(),
  source: z.enum(APPLY_SOURCES),
  submittedAt: instant.nullable(),
  /** Seconds since the last submission (0 when never submitted), at the time of the answer. */
  ageSeconds: z.number().int(),
  /** Submissions so far (more than 1: resubmitted after a rejection). */
  submissions: z.number().int(),
  assignee: queueAssignee.nullable(),
  rejectReason: z.string().nullable(),
  mchNo: z.string().nullable(),
});
export type OnboardingQueueItem = z.infer<typeof onboardingQueueItem>;
export const onboardingQueuePage = page(onboardingQueueItem);
export const onboardingAssignBody = z.strictObject({ applyNo, to: assignTo });
export const opsApplyNoQuery = z.strictObject({ applyNo });

/** A document as the reviewer sees it: served by `GET /api/ops/onboarding/file/:fileId?applyNo=`. */
export const reviewDocument = z.object({
  kind: z.enum(DOC_KINDS),
  fileId: z.string(),
  url: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export const reviewEvent = z.object({
  event: z.enum(APPLICATION_EVENTS),
  at: instant,
  actor: z.enum(APPLICATION_ACTORS),
  /** The member's or operator's name; null for the invitee and the system. */
  by: z.string().nullable(),
  reason: z.string().nullable(),
  /** A rejection's reasons per field. */
  fields: z.array(fieldReason).nullable(),
});
/** The provider's bounds on a channel's rate (‰): an approval's rates must lie within them. */
export const rateBound = z.object({ channel: z.enum(CHANNELS), min: z.number(), max: z.number() });
/**
 * The provider's rate bounds per channel (‰): below `min` the provider pays the channel more than it earns (the
 * channels' cost to a service provider is about 2 ‰ for WeChat Pay and Alipay, about 3 ‰ for UnionPay QR); above
 * `max` is what the portal's input allows.
 */
export const PROVIDER_RATE_BOUNDS: Record<(typeof CHANNELS)[number], { min: number; max: number }> = {
  WECHAT: { min: 2, max: RATE_MAX },
  ALIPAY: { min: 2, max: RATE_MAX },
  UNIONPAY: { min: 3, max: RATE_MAX },
};
/** `GET /api/ops/onboarding/detail?applyNo=`: every field as submitted, the documents, the history. */
export const onboardingReview = onboardingQueueItem.extend({
  companyStatus: z.enum(COMPANY_STATUSES),
  application: applicationDraft,
  documents: z.array(reviewDocument),
  /** Oldest first. */
  history: z.array(reviewEvent),
  /** The last rejection's reasons per field, while REJECTED (what the merchant sees). */
  rejectFields: z.array(fieldReason).nullable(),
  rateBounds: z.array(rateBound),
});
export type OnboardingReview = z.infer<typeof onboardingReview>;

/** A merchant's accounts at the channels (service-provider mode): set at approval or later. */
export const channelAccountsInput = z.strictObject({
  /** WeChat Pay partner sub-merchant id (sub_mchid): 10 digits; null clears it. */
  wechatSubMchid: z
    .string()
    .trim()
    .regex(/^\d{10}$/, 'must be the 10 digits of a WeChat Pay sub_mchid')
    .nullable()
    .optional(),
  /** Alipay secondary merchant id (smid): 16 digits starting 2088; null clears it. */
  alipaySmid: z
    .string()
    .trim()
    .regex(/^2088\d{12}$/, 'must be an Alipay smid: 16 digits starting 2088')
    .nullable()
    .optional(),
  /** Alipay app_auth_token of the merchant's authorisation; null clears it. */
  alipayAppAuthToken: z
    .string()
    .trim()
    .regex(/^\S{1,128}$/, 'must be an Alipay app_auth_token (no spaces, at most 128 characters)')
    .nullable()
    .optional(),
});
export type ChannelAccountsInput = z.input<typeof channelAccountsInput>;
/** The accounts as answers show them: the token is never answered, only whether one is set. */
export const channelAccountsView = z.object({
  wechatSubMchid: z.string().nullable(),
  alipaySmid: z.string().nullable(),
  alipayAppAuthTokenSet: z.boolean(),
});

/**
 * `POST /api/ops/onboarding/approve`: the rates (each channel of the application, within PROVIDER_RATE_BOUNDS;
 * absent: the application's own) and the channel accounts. Creates the merchant ACTIVE.
 */
export const onboardingApproveBody = z.strictObject({
  applyNo,
  rates: z
    .array(z.object({ channel: z.enum(CHANNELS), rate }))
    .max(CHANNELS.length)
    .optional(),
  channelAccounts: channelAccountsInput.optional(),
  note: optionalReason,
});
/**
 * `POST /api/ops/onboarding/reject`: a reason per field the merchant must correct (at least one), and an optional
 * overall note; the merchant sees both on /audit-progress and in the wizard.
 */
export const onboardingRejectBody = z.strictObject({
  applyNo,
  fields: z
    .array(fieldReason)
    .min(1, 'must name at least one field')
    .max(30)
    .refine((l) => new Set(l.map((f) => f.field)).size === l.length, 'must not name a field twice'),
  note: optionalReason,
});
export const onboardingDecision = z.object({
  applyNo: z.string(),
  status: z.enum(APPLY_STATUSES),
  mchNo: z.string().nullable(),
});

export const splitQueueBody = z.strictObject({
  /** Default: SUBMITTED. */
  status: z.array(z.enum(SPLIT_STATUSES)).max(SPLIT_STATUSES.length).optional(),
  assignee: z.enum(QUEUE_ASSIGNEE_FILTERS).optional(),
  minAgeHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .optional(),
  /** Merchant name, merchant number or application number (contains). */
  q: z.string().trim().min(1).max(100).optional(),
  ...pageFields,
});
export type SplitQueueBody = z.input<typeof splitQueueBody>;
export const splitQueueItem = z.object({
  applyNo: z.string(),
  status: z.enum(SPLIT_STATUSES),
  companyId: z.number().int(),
  companyName: z.string(),
  mchNo: z.string(),
  mchName: z.string(),
  totalRatio: z.number().int(),
  receivers: z.array(splitReceiverView),
  remark: z.string(),
  createdAt: instant,
  ageSeconds: z.number().int(),
  assignee: queueAssignee.nullable(),
  rejectReason: z.string().nullable(),
  effectiveFrom: z.string().nullable(),
  decidedAt: instant.nullable(),
});
export type SplitQueueItem = z.infer<typeof splitQueueItem>;
export const splitQueuePage = page(splitQueueItem);
export const splitAssignBody = z.strictObject({ applyNo: splitApplyNo, to: assignTo });
export const opsSplitQuery = z.strictObject({ applyNo: splitApplyNo });
export const splitApproveBody = z.strictObject({ applyNo: splitApplyNo, note: optionalReason });
export const splitRejectBody = z.strictObject({ applyNo: splitApplyNo, reason });
export const splitDecision = z.object({ applyNo: z.string(), status: z.enum(SPLIT_STATUSES) });

// ---------- Merchants and organisations ----------

export const opsMerchantListBody = z.strictObject({
  /** Merchant number, name, short name or organisation name (contains). */
  q: z.string().trim().min(1).max(100).optional(),
  status: z.array(z.enum(MERCHANT_STATUSES)).max(MERCHANT_STATUSES.length).optional(),
  companyId: id.optional(),
  ...pageFields,
});
export const opsMerchantItem = z.object({
  mchNo: z.string(),
  name: z.string(),
  shortName: z.string(),
  type: z.enum(MERCHANT_TYPES),
  status: z.enum(MERCHANT_STATUSES),
  companyId: z.number().int(),
  companyName: z.string(),
  channels: z.array(z.enum(CHANNELS)),
  createdAt: instant,
});
export const opsMerchantPage = page(opsMerchantItem);
export const opsMchNoQuery = z.strictObject({ mchNo });
/** The merchant portal's detail, its organisation and its channel accounts. */
export const opsMerchantDetail = merchantDetail.extend({
  companyId: z.number().int(),
  companyName: z.string(),
  companyStatus: z.enum(COMPANY_STATUSES),
  channelAccounts: channelAccountsView,
});
export type OpsMerchantDetail = z.infer<typeof opsMerchantDetail>;
/** Freeze, unfreeze or close a merchant: the reason is on the merchant's status history, which its members see. */
export const opsMerchantStatusBody = z.strictObject({ mchNo, reason });
export const opsMerchantStatusAnswer = z.object({ mchNo: z.string(), status: z.enum(MERCHANT_STATUSES) });
export const opsChannelAccountsBody = channelAccountsInput.extend({ mchNo });

export const opsCompanyListBody = z.strictObject({
  /** Name or credit code (contains), or the id. */
  q: z.string().trim().min(1).max(100).optional(),
  status: z.array(z.enum(COMPANY_STATUSES)).max(COMPANY_STATUSES.length).optional(),
  ...pageFields,
});
export const opsCompanyItem = z.object({
  companyId: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  status: z.enum(COMPANY_STATUSES),
  memberCount: z.number().int(),
  merchantCount: z.number().int(),
  createdAt: instant,
});
export const opsCompanyPage = page(opsCompanyItem);
export const opsCompanyQuery = z.strictObject({ companyId: queryId });
export const opsCompanyDetail = opsCompanyItem.extend({
  contactName: z.string().nullable(),
  contactMobile: z.string().nullable(),
  /** The reason of the last freeze or close, as its members are told it. */
  statusReason: z.string().nullable(),
  merchants: z.array(opsMerchantItem),
});
/** Freeze, unfreeze or close an organisation: members are told the reason when their calls are refused. */
export const opsCompanyStatusBody = z.strictObject({ companyId: id, reason });
export const opsCompanyStatusAnswer = z.object({ companyId: z.number().int(), status: z.enum(COMPANY_STATUSES) });

// ---------- Money ----------

export const settlementRunsBody = z.strictObject({ from: calendarDate.optional(), to: calendarDate.optional() });
/** One business day's settlement run: how many merchants settled, failed, and were settled on a later try. */
export const settlementRunItem = z.object({
  day: z.string(),
  /** When every merchant-day of the run had its outcome; null while its jobs run, or with no run recorded (a manual run's records). */
  finishedAt: instant.nullable(),
  settled: z.number().int(),
  failed: z.number().int(),
  /** Settlements of the day that needed more than one attempt. */
  retried: z.number().int(),
  pending: z.number().int(),
});
export const settlementRuns = z.array(settlementRunItem);
export const opsSettlementListBody = z.strictObject({
  day: calendarDate.optional(),
  status: z.array(z.enum(SETTLEMENT_STATUSES)).max(SETTLEMENT_STATUSES.length).optional(),
  ...pageFields,
});
export const opsSettlementItem = settlementItem.extend({ companyId: z.number().int(), companyName: z.string() });
export const opsSettlementPage = page(opsSettlementItem);

export const reconcileBody = z.strictObject({ day: calendarDate });
/** `POST /api/ops/reconcile`: every module's checks of the day (what `npm run ops -- reconcile` prints). */
export const reconcileReport = z.object({
  day: z.string(),
  differences: z.array(z.string()),
  /** What is not finished yet (a day still to be settled): not a difference. */
  open: z.array(z.string()),
  checkedAt: instant,
});

export const payoutsBody = z.strictObject({ ...pageFields });
/** A transfer the payout channel has not answered yet (PROCESSING), oldest first. */
export const payoutInFlight = z.object({
  transferNo: z.string(),
  mchNo: z.string(),
  mchName: z.string(),
  companyName: z.string(),
  payeeType: z.enum(PAYEE_TYPES),
  payeeName: z.string(),
  accountNoMasked: z.string(),
  amountFen: z.number().int(),
  createdAt: instant,
  ageSeconds: z.number().int(),
});
export const payoutPage = page(payoutInFlight);

/** An outside split receiver the platform owes money to (its shares settled, not yet paid out). */
export const receiverOwed = z.object({
  applyNo: z.string(),
  /** The receiver's position in the application (0-based). */
  receiver: z.number().int(),
  name: z.string(),
  bankName: z.string().nullable(),
  accountNoMasked: z.string().nullable(),
  mchNo: z.string(),
  mchName: z.string(),
  owedFen: z.number().int(),
});
export const receiversOwed = z.array(receiverOwed);

/**
 * Money actions that need a second operator (four eyes): one operator proposes, another with
 * `ops:money:approve` approves (never the proposer), and the approval executes the action in the same transaction.
 */
export const APPROVAL_KINDS = ['ADJUSTMENT', 'SETTLEMENT_RERUN', 'RECEIVER_PAYOUT'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'REFUSED', 'CANCELED', 'FAILED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
/** `E` (four eyes), the time yyyyMMddHHmmss in Asia/Shanghai and 6 random digits: never an order number (P). */
export const APPROVAL_NO_RE = /^E\d{20}$/;
export const approvalNo = z
  .string()
  .trim()
  .regex(APPROVAL_NO_RE, 'must be an approval number like E20260501093000123456');
const fen = z.number().int();
export const approvalProposeBody = z.discriminatedUnion('kind', [
  /** A manual ledger adjustment of a merchant's available balance: positive credits it, negative debits it. */
  z.strictObject({
    kind: z.literal('ADJUSTMENT'),
    mchNo,
    amountFen: fen.refine((n) => n !== 0 && Math.abs(n) <= 100_000_000, 'must be a non-zero amount up to ¥1,000,000'),
    reason,
  }),
  /** Settle a FAILED settlement again. */
  z.strictObject({ kind: z.literal('SETTLEMENT_RERUN'), settleNo, reason }),
  /** Record a payout to an outside split receiver of what it is owed (at most that). */
  z.strictObject({
    kind: z.literal('RECEIVER_PAYOUT'),
    applyNo: splitApplyNo,
    receiver: z.number().int().min(0).max(10),
    amountFen: fen.positive('must be more than 0'),
    reason,
  }),
]);
export type ApprovalProposeBody = z.input<typeof approvalProposeBody>;
export const approvalItem = z.object({
  approvalNo: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  /** What the approval will do, as proposed (the propose body without `kind`). */
  payload: z.record(z.string(), z.unknown()),
  /** A one-line description in the caller's language. */
  summary: z.string(),
  amountFen: z.number().int().nullable(),
  mchNo: z.string().nullable(),
  reason: z.string(),
  proposedBy: queueAssignee,
  proposedAt: instant,
  decidedBy: queueAssignee.nullable(),
  decidedAt: instant.nullable(),
  decisionNote: z.string().nullable(),
  /** What the execution left (the ledger transaction's or settlement's number), or why it failed. */
  result: z.string().nullable(),
});
export type ApprovalItem = z.infer<typeof approvalItem>;
export const approvalListBody = z.strictObject({
  status: z.array(z.enum(APPROVAL_STATUSES)).max(APPROVAL_STATUSES.length).optional(),
  kind: z.array(z.enum(APPROVAL_KINDS)).max(APPROVAL_KINDS.length).optional(),
  ...pageFields,
});
export const approvalPage = page(approvalItem);
export const approvalDecideBody = z.strictObject({ approvalNo, note: optionalReason });

// ---------- Overview ----------

export const opsOverviewBody = z.strictObject({ from: calendarDate, to: calendarDate });
export const overviewDayChannel = z.object({
  day: z.string(),
  channel: z.enum(CHANNELS),
  paymentCount: z.number().int(),
  paymentFen: z.number().int(),
  refundCount: z.number().int(),
  refundFen: z.number().int(),
  /** Orders that failed or were closed unpaid that day. */
  failedCount: z.number().int(),
});
export const queueAge = z.object({
  waiting: z.number().int(),
  /** The longest wait in seconds; 0 when none waits. */
  oldestAgeSeconds: z.number().int(),
});
export const opsOverview = z.object({
  days: z.array(overviewDayChannel),
  merchantsByStatus: z.record(z.enum(MERCHANT_STATUSES), z.number().int()),
  companiesByStatus: z.record(z.enum(COMPANY_STATUSES), z.number().int()),
  queues: z.object({ onboarding: queueAge, split: queueAge, approvals: queueAge }),
});
export type OpsOverview = z.infer<typeof opsOverview>;

// ---------- Audit ----------

export const opsAuditListBody = z.strictObject({
  operatorId: operatorId.optional(),
  /** An action's prefix: `onboarding.`, `merchant.freeze`, `approval.` ... */
  action: z.string().trim().min(1).max(60).optional(),
  targetType: z.string().trim().min(1).max(30).optional(),
  targetId: z.string().trim().min(1).max(60).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  ...pageFields,
});
/** One operator action: who, what, on what, before and after, from where. */
export const opsAuditItem = z.object({
  id: z.number().int(),
  at: instant,
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type OpsAuditItem = z.infer<typeof opsAuditItem>;
export const opsAuditPage = page(opsAuditItem);

/** `GET /api/ops/split/detail`: the item and the operators' actions on it, oldest first. */
export const splitReview = splitQueueItem.extend({ history: z.array(opsAuditItem) });
