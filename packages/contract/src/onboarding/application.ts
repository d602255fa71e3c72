/**
 * The onboarding application (进件) and its rules, after WeChat Pay's 特约商户进件: one section per step of the
 * wizard. `applicationDraft` is what a draft may hold (every section and field optional, but each present
 * field valid); `completeApplication` is the full check the server runs at submit time and the web app runs per
 * step (`stepIssues`). Issues carry nested paths (`legalPerson.idNumber`), which the server turns into
 * "legalPerson.idNumber: problem". Send an empty field as absent, never as '' (see `dropEmptyFields`).
 */
import { z } from 'zod';
import { bankCardProblem, chinaToday, isCalendarDate, isIndividualBusinessCreditCode } from '../id-checks.ts';
import {
  BUSINESS_CATEGORIES,
  CHANNELS,
  MERCHANT_TYPES,
  SETTLEMENT_ACCOUNT_TYPES,
  type MerchantType,
} from '../merchant/schemas.ts';
import {
  BANK_CARD_MESSAGES,
  bankAccountNumber,
  calendarDate,
  creditCode,
  rate,
  residentIdNumber,
  servicePhone,
} from '../validation.ts';

/** Application number: `A`, the creation time yyyyMMddHHmmss in Asia/Shanghai, and 6 random digits (21 chars). */
export const APPLY_NO_RE = /^A\d{20}$/;
export const applyNo = z.string().trim().regex(APPLY_NO_RE, 'must be an application number like A20260501093000123456');
/** An uploaded file: `F` and 24 random base62 characters. Only its organisation (or invitation) may use it. */
export const FILE_ID_RE = /^F[0-9A-Za-z]{24}$/;
export const fileId = z.string().regex(FILE_ID_RE, 'must be the fileId of an upload');

export const DOC_KINDS = ['LICENCE', 'ID_FRONT', 'ID_BACK', 'SHOP_FRONT', 'SHOP_INSIDE'] as const;
export type DocKind = (typeof DOC_KINDS)[number];

/**
 * The documents each subject type must upload. A small-micro merchant has no licence, so the shop photos prove
 * the business; an individual business trades from a shop too; an enterprise's licence suffices (shop photos
 * optional).
 */
export function requiredDocuments(type: MerchantType): DocKind[] {
  switch (type) {
    case 'ENTERPRISE':
      return ['LICENCE', 'ID_FRONT', 'ID_BACK'];
    case 'INDIVIDUAL':
      return ['LICENCE', 'ID_FRONT', 'ID_BACK', 'SHOP_FRONT', 'SHOP_INSIDE'];
    case 'SMALL_MICRO':
      return ['ID_FRONT', 'ID_BACK', 'SHOP_FRONT', 'SHOP_INSIDE'];
  }
}

/** `idValidTo` of an identity card valid for life (长期). */
export const ID_LONG_TERM = 'LONG_TERM';

const text = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? 'is required' : `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`);
const personName = text(2, 50).regex(/^[\p{L}\p{M}·.' -]+$/u, "must be a person's name");

/**
 * Step 1, the subject (主体). `creditCode` (统一社会信用代码 of the licence) is required for INDIVIDUAL (it starts
 * with 92) and ENTERPRISE, and must be absent for SMALL_MICRO, which has no licence. `name` is the name on the
 * licence (for a small-micro merchant, the name it trades under); `shortName` is what payers see.
 */
export const applicationSubject = z.strictObject({
  type: z.enum(MERCHANT_TYPES),
  name: text(2, 100),
  shortName: text(2, 20),
  creditCode: creditCode.optional(),
  category: z.enum(BUSINESS_CATEGORIES),
  address: text(5, 200),
  servicePhone,
});

/** Step 2, the legal person (法人 / 经营者) and their resident identity card. */
export const applicationLegalPerson = z.strictObject({
  name: personName,
  idNumber: residentIdNumber,
  /** First day of validity: not in the future. */
  idValidFrom: calendarDate,
  /** Last day of validity, after `idValidFrom` and not past; or `ID_LONG_TERM`. */
  idValidTo: z
    .string()
    .trim()
    .refine((v) => v === ID_LONG_TERM || isCalendarDate(v), `must be a real date as YYYY-MM-DD or ${ID_LONG_TERM}`),
});

/**
 * Step 3, the settlement account (结算账户). ENTERPRISE: CORPORATE only, held in the subject's name; SMALL_MICRO:
 * PERSONAL only; INDIVIDUAL: either. A PERSONAL account is the legal person's own debit card (Luhn-checked, held
 * in their name); a CORPORATE account is held in the subject's name (no check digit).
 */
export const applicationSettlement = z.strictObject({
  accountType: z.enum(SETTLEMENT_ACCOUNT_TYPES),
  bankName: text(1, 50),
  /** The branch (开户支行), e.g. 招商银行上海分行陆家嘴支行. */
  branchName: text(1, 100),
  accountNumber: bankAccountNumber,
  accountName: text(1, 100),
});

/** Each entry's `channel` at most once. */
function noRepeat<T>(key: keyof T & string) {
  return (list: T[], ctx: z.RefinementCtx<T[]>) => {
    const seen = new Set<unknown>();
    list.forEach((item, index) => {
      if (seen.has(item[key])) {
        ctx.addIssue({ code: 'custom', message: 'is listed twice', path: [index, key] });
      }
      seen.add(item[key]);
    });
  };
}

/** Step 4, the rates (‰) on the channels the merchant takes; each channel at most once. */
export const applicationRateItem = z.strictObject({ channel: z.enum(CHANNELS), rate });
const rateList = z
  .array(applicationRateItem)
  .max(CHANNELS.length)
  .superRefine(noRepeat<z.infer<typeof applicationRateItem>>('channel'));
export const applicationRates = rateList.min(1, 'must name at least one channel');

/** Step 5, the documents: one upload (from `/inco/upload`) per kind; `requiredDocuments(type)` must be there. */
export const applicationDocument = z.strictObject({ kind: z.enum(DOC_KINDS), fileId });
export const applicationDocuments = z
  .array(applicationDocument)
  .max(DOC_KINDS.length)
  .superRefine(noRepeat<z.infer<typeof applicationDocument>>('kind'));

/** The wizard's steps, in order: each is the name of an application section and the first key of its paths. */
export const APPLICATION_STEPS = ['subject', 'legalPerson', 'settlement', 'rates', 'documents'] as const;
export type ApplicationStep = (typeof APPLICATION_STEPS)[number];

/** A draft: any section may be missing and any field of a section too; a field that is present is valid. */
export const applicationDraft = z.strictObject({
  subject: applicationSubject.partial().optional(),
  legalPerson: applicationLegalPerson.partial().optional(),
  settlement: applicationSettlement.partial().optional(),
  rates: rateList.optional(),
  documents: applicationDocuments.optional(),
});
export type ApplicationDraft = z.infer<typeof applicationDraft>;
export type ApplicationDraftInput = z.input<typeof applicationDraft>;

/** Names compared as a bank compares account holders: spaces ignored, full-width and half-width forms equal. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, '');
  return norm(a) === norm(b);
}

type Ctx = z.RefinementCtx<unknown>;
type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => value !== null && typeof value === 'object';
const section = (value: unknown, key: string): Loose => {
  const inner = isObject(value) ? value[key] : undefined;
  return isObject(inner) ? inner : {};
};
const str = (obj: Loose, key: string): string | undefined =>
  typeof obj[key] === 'string' ? (obj[key] as string) : undefined;
/** True when parsing already found a problem at `path` or below: a rule about the field then says nothing more. */
const failed = (ctx: Ctx, ...path: string[]) =>
  ctx.issues.some((issue) => path.every((key, i) => issue.path?.[i] === key));
const flag = (ctx: Ctx, path: string[], message: string, params?: Record<string, unknown>) =>
  ctx.addIssue({ code: 'custom', path, message, ...(params && { params }) });

function subjectRules(type: string, subject: Loose, ctx: Ctx) {
  const code = str(subject, 'creditCode');
  if (failed(ctx, 'subject', 'creditCode')) return;
  if (type === 'SMALL_MICRO') {
    if (code !== undefined) flag(ctx, ['subject', 'creditCode'], 'must be empty for a small-micro merchant');
  } else if (code === undefined) {
    flag(ctx, ['subject', 'creditCode'], 'is required');
  } else if (type === 'INDIVIDUAL' && !isIndividualBusinessCreditCode(code)) {
    flag(ctx, ['subject', 'creditCode'], 'must start with 92 for an individual business');
  } else if (type === 'ENTERPRISE' && isIndividualBusinessCreditCode(code)) {
    flag(ctx, ['subject', 'creditCode'], 'starts with 92, which is an individual business: choose that type');
  }
}

function legalPersonRules(person: Loose, today: string, ctx: Ctx) {
  const from = str(person, 'idValidFrom');
  const to = str(person, 'idValidTo');
  const fromOk = from !== undefined && !failed(ctx, 'legalPerson', 'idValidFrom');
  if (fromOk && from > today) flag(ctx, ['legalPerson', 'idValidFrom'], 'must not be in the future');
  if (to === undefined || to === ID_LONG_TERM || failed(ctx, 'legalPerson', 'idValidTo')) return;
  if (fromOk && to <= from) flag(ctx, ['legalPerson', 'idValidTo'], 'must be after idValidFrom');
  else if (to < today) flag(ctx, ['legalPerson', 'idValidTo'], 'has passed: the identity card has expired');
}

function settlementRules(type: string, value: unknown, ctx: Ctx) {
  const settlement = section(value, 'settlement');
  const accountType = str(settlement, 'accountType');
  if (accountType === undefined || failed(ctx, 'settlement', 'accountType')) return;
  if (type === 'ENTERPRISE' && accountType !== 'CORPORATE') {
    return flag(ctx, ['settlement', 'accountType'], 'must be CORPORATE for an enterprise');
  }
  if (type === 'SMALL_MICRO' && accountType !== 'PERSONAL') {
    return flag(ctx, ['settlement', 'accountType'], 'must be PERSONAL for a small-micro merchant');
  }
  const number = str(settlement, 'accountNumber');
  if (accountType === 'PERSONAL' && number !== undefined && !failed(ctx, 'settlement', 'accountNumber')) {
    const problem = bankCardProblem(number);
    if (problem) flag(ctx, ['settlement', 'accountNumber'], BANK_CARD_MESSAGES[problem]);
  }
  const holder = str(settlement, 'accountName');
  if (holder === undefined || failed(ctx, 'settlement', 'accountName')) return;
  if (accountType === 'CORPORATE') {
    const name = str(section(value, 'subject'), 'name');
    if (name !== undefined && !failed(ctx, 'subject', 'name') && !sameName(holder, name)) {
      flag(ctx, ['settlement', 'accountName'], 'must match the merchant name for a corporate account');
    }
  } else {
    const name = str(section(value, 'legalPerson'), 'name');
    if (name !== undefined && !failed(ctx, 'legalPerson', 'name') && !sameName(holder, name)) {
      flag(ctx, ['settlement', 'accountName'], "must match the legal person's name for a personal account");
    }
  }
}

function documentRules(type: string, value: unknown, ctx: Ctx) {
  const documents = isObject(value) ? value.documents : undefined;
  if (!Array.isArray(documents)) return;
  const present = new Set(documents.map((d: unknown) => (isObject(d) ? d.kind : undefined)));
  for (const kind of requiredDocuments(type as MerchantType)) {
    if (!present.has(kind)) flag(ctx, ['documents'], `must include ${kind}`, { kind });
  }
}

/**
 * The rules across fields and sections. They run even when other fields failed (a form shows every problem at
 * once), but each rule stays silent about a field that already has a problem, and about a section that is absent.
 */
function applicationRules(value: unknown, ctx: Ctx) {
  const subject = section(value, 'subject');
  legalPersonRules(section(value, 'legalPerson'), chinaToday(), ctx);
  const type = str(subject, 'type');
  if (type === undefined || failed(ctx, 'subject', 'type')) return;
  subjectRules(type, subject, ctx);
  settlementRules(type, value, ctx);
  documentRules(type, value, ctx);
}

/** The full application: every section and field present and valid, and the rules across them. */
export const completeApplication = z
  .strictObject({
    subject: applicationSubject,
    legalPerson: applicationLegalPerson,
    settlement: applicationSettlement,
    rates: applicationRates,
    documents: applicationDocuments,
  })
  .superRefine(applicationRules, { when: (payload) => isObject(payload.value) });
export type CompleteApplication = z.infer<typeof completeApplication>;
export type CompleteApplicationInput = z.input<typeof completeApplication>;

/**
 * The problems of one wizard step, judged against the whole form (the rules across sections need the others):
 * the issues of `completeApplication` whose path starts with `step`. Empty: the step may be left.
 */
export function stepIssues(step: ApplicationStep, form: unknown): z.core.$ZodIssue[] {
  const result = completeApplication.safeParse(form);
  return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === step);
}

/**
 * The form's values without empty fields ('' , null, undefined), at every depth, so that a cleared input is
 * absent in a draft rather than an invalid ''. Arrays keep their length (their objects are cleaned).
 */
export function dropEmptyFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => dropEmptyFields(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Loose = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === '' || item === null || item === undefined) continue;
    out[key] = dropEmptyFields(item);
  }
  return out as T;
}
