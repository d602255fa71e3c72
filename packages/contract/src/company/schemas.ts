import { z } from 'zod';
import { creditCode, id, mobile, queryId, smsCode } from '../validation.ts';

export const COMPANY_STATUSES = ['ACTIVE', 'FROZEN', 'CLOSED'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const MEMBER_STATUSES = ['ACTIVE', 'DISABLED', 'INVITED'] as const;

const name = z.string().trim().min(2, 'must be at least 2 characters').max(100, 'must be at most 100 characters');
const contactName = z.string().trim().min(1, 'is required').max(50, 'must be at most 50 characters');

export const addCompanyBody = z.strictObject({ companyName: name, creditCode, contactName, contactMobile: mobile });
export const updateCompanyBody = z.strictObject({
  companyName: name,
  contactName,
  address: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});

/** The guard's company info. `companyId: null` without a current organisation. */
export const companyInfo = z.object({
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  hasOtherCompany: z.boolean(),
  creditCode: z.string().nullable(),
  contactName: z.string().nullable(),
  contactMobile: z.string().nullable(),
  mobileBound: z.boolean(),
  address: z.string().nullable(),
  status: z.enum(COMPANY_STATUSES).nullable(),
  opened: z.boolean(),
  role: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export const companyListItem = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  role: z.string(),
  roleName: z.string(),
  status: z.enum(COMPANY_STATUSES),
  memberStatus: z.enum(MEMBER_STATUSES),
  current: z.boolean(),
});
export type CompanyListItem = z.infer<typeof companyListItem>;

export const changeCompanyBody = z.strictObject({ companyId: id });
export const openFeeManagerBody = z.strictObject({
  agreed: z.literal(true, { error: 'the user, privacy and risk agreements must be accepted' }),
});
/**
 * `smsCode` is the code sent to `mobile` (scene bindMobile). Moving the contact mobile to another number also
 * needs `oldSmsCode`, the code sent to the current contact mobile (POST /feeManager/sendChangeMobileCode), and the
 * Owner (issue 25.7): the contact mobile is the second factor of payees and large transfers.
 */
export const bindingMobileBody = z.strictObject({ mobile, smsCode, oldSmsCode: smsCode.optional() });
/** Where the code to change the contact mobile went (masked), and when another may be asked for. */
export const changeMobileCodeData = z.object({ mobileMasked: z.string(), resendAfterSeconds: z.number().int() });
export const breakBindQuery = z.strictObject({ companyId: queryId });

export const INIT_STEPS = [
  'companyCreated',
  'serviceOpened',
  'mobileBound',
  'firstMerchant',
  'firstCode',
  'firstPayment',
] as const;
export const initCompletionStatus = z.object({
  steps: z.array(z.object({ key: z.enum(INIT_STEPS), done: z.boolean(), path: z.string() })),
  doneCount: z.number().int(),
  total: z.number().int(),
});
export type InitCompletionStatus = z.infer<typeof initCompletionStatus>;
