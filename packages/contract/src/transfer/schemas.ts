import { z } from 'zod';
import { anyOf, page, pageFields } from '../envelope.ts';
import { mchNo } from '../merchant/schemas.ts';
import { amountFen, idempotencyKey } from '../order/schemas.ts';
import { bankCardNumber, dateOrInstant, id, instant, smsCode } from '../validation.ts';

/**
 * Funds (issue 13): a merchant's balance, payee accounts and transfers out of the available balance.
 * Transfer: PROCESSING -> SUCCESS | FAILED (a failed one returns the money).
 */
export const balanceQuery = z.strictObject({ mchNo });
export const balance = z.object({
  mchNo: z.string(),
  /** Not yet settled (may be below zero after a day of refunds; its settlement nets it). */
  pendingFen: z.number().int(),
  /** Settled: may be transferred out. */
  availableFen: z.number().int(),
  /** Transfers on their way. */
  inTransitFen: z.number().int(),
});
export type Balance = z.infer<typeof balance>;

export const PAYEE_TYPES = ['BANK_CARD', 'ALIPAY', 'WECHAT'] as const;
export type PayeeType = (typeof PAYEE_TYPES)[number];

/** Who asks: the SMS sent to the organisation's contact mobile before a sensitive step. */
export const FUNDS_SMS_SCENE = 'funds';

const holder = z.string().trim().min(1, 'is required').max(50, 'must be at most 50 characters');
/** `POST /transfer/account/add`: the account, checked by type, and the code sent to the contact mobile. */
export const payeeAddBody = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('BANK_CARD'),
    name: holder,
    accountNo: bankCardNumber,
    bankName: z.string().trim().min(2, 'is required').max(50, 'must be at most 50 characters'),
    smsCode,
  }),
  z.strictObject({
    type: z.literal('ALIPAY'),
    name: holder,
    accountNo: z
      .string()
      .trim()
      .regex(/^(1[3-9]\d{9}|[^\s@]+@[^\s@]+\.[^\s@]+)$/, 'must be the mobile number or e-mail of the Alipay account'),
    smsCode,
  }),
  z.strictObject({
    type: z.literal('WECHAT'),
    name: holder,
    accountNo: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{20,40}$/, 'must be the WeChat openid (20 to 40 letters, digits, - or _)'),
    smsCode,
  }),
]);
export type PayeeAddBody = z.input<typeof payeeAddBody>;
export const payeeAccount = z.object({
  accountId: z.number().int(),
  type: z.enum(PAYEE_TYPES),
  name: z.string(),
  /** `****1234`: never the whole number in an answer. */
  accountNoMasked: z.string(),
  bankName: z.string().nullable(),
  createdAt: instant,
});
export type PayeeAccount = z.infer<typeof payeeAccount>;
export const payeeListBody = z.strictObject({ type: anyOf(PAYEE_TYPES).optional(), ...pageFields });
export const payeePage = page(payeeAccount);
export type PayeePage = z.infer<typeof payeePage>;
export const payeeRemoveBody = z.strictObject({ accountId: id });

export const TRANSFER_STATUSES = ['PROCESSING', 'SUCCESS', 'FAILED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const TRANSFER_NO_RE = /^T\d{20}$/;
export const transferNo = z
  .string()
  .trim()
  .regex(TRANSFER_NO_RE, 'must be a transfer number like T20260501093000123456');

/** `POST /transfer/create`: `smsCode` is required above the organisation's threshold (the answer says so). */
export const transferCreateBody = z.strictObject({
  mchNo,
  accountId: id,
  amountFen,
  remark: z.string().trim().max(50, 'must be at most 50 characters').default(''),
  idempotencyKey,
  smsCode: smsCode.optional(),
});
export type TransferCreateBody = z.input<typeof transferCreateBody>;

export const transferItem = z.object({
  transferNo: z.string(),
  mchNo: z.string(),
  mchName: z.string(),
  accountId: z.number().int(),
  payeeType: z.enum(PAYEE_TYPES),
  payeeName: z.string(),
  accountNoMasked: z.string(),
  amountFen: z.number().int(),
  remark: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  failReason: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: instant,
  finishedAt: instant.nullable(),
});
export type TransferItem = z.infer<typeof transferItem>;

export const transferFilter = z.strictObject({
  from: dateOrInstant.optional(),
  to: dateOrInstant.optional(),
  mchNos: z.array(mchNo).max(50, 'must list at most 50 merchants').optional(),
  statuses: anyOf(TRANSFER_STATUSES).optional(),
  transferNo: transferNo.optional(),
});
export type TransferFilter = z.input<typeof transferFilter>;
export const transferListBody = transferFilter.extend(pageFields);
export const transferPage = page(transferItem);
export type TransferPage = z.infer<typeof transferPage>;
export const transferSummary = z.object({
  count: z.number().int(),
  amountFen: z.number().int(),
  successFen: z.number().int(),
  processingFen: z.number().int(),
  failedFen: z.number().int(),
});
export type TransferSummary = z.infer<typeof transferSummary>;
export const transferDetailQuery = z.strictObject({ transferNo });

/** What the transfer form needs to know: the limits that apply. */
export const transferRules = z.object({
  /** A transfer above this needs the contact mobile's SMS code. */
  smsAboveFen: z.number().int(),
  /** Per merchant per business day (transfers not failed). */
  dailyLimitFen: z.number().int(),
  /** The organisation's contact mobile, masked (where the code goes), or null when none is bound. */
  contactMobileMasked: z.string().nullable(),
});
export type TransferRules = z.infer<typeof transferRules>;

/** The sandbox payout channel's answer (sandbox only). */
export const sandboxPayoutNotifyBody = z.strictObject({ transferNo, result: z.enum(['SUCCESS', 'FAILED']) });

/** `POST /funds/sms/send`: a code to the organisation's contact mobile before adding a payee or a large transfer. */
export const fundsSmsBody = z.strictObject({ purpose: z.enum(['payee', 'transfer']) });
export const fundsSmsAnswer = z.object({ mobileMasked: z.string(), resendAfterSeconds: z.number().int() });
