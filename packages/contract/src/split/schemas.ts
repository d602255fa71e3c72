import { z } from 'zod';
import { anyOf, page, pageFields } from '../envelope.ts';
import { mchNo } from '../merchant/schemas.ts';
import { bankCardNumber, instant } from '../validation.ts';

/**
 * Profit sharing (分账): a merchant shares part of each settled day with receivers (another merchant of the
 * organisation, or an outside party paid to a bank card). Ratios in whole percent (the seed's `reg` input, S5.1),
 * all receivers together at most SPLIT_TOTAL_MAX. SUBMITTED -> APPROVED | REJECTED (the platform's review), CANCELED
 * by the applicant while SUBMITTED. An approval applies from the next business day; a newer one replaces it.
 */
export const SPLIT_STATUSES = ['SUBMITTED', 'APPROVED', 'REJECTED', 'CANCELED'] as const;
export type SplitStatus = (typeof SPLIT_STATUSES)[number];
export const SPLIT_TOTAL_MAX = 30;
export const SPLIT_RECEIVERS_MAX = 5;
export const SPLIT_APPLY_NO_RE = /^D\d{20}$/;
export const splitApplyNo = z
  .string()
  .trim()
  .regex(SPLIT_APPLY_NO_RE, 'must be an application number like D20260501093000123456');

const ratio = z
  .number()
  .int('must be a whole percent')
  .min(1, 'must be at least 1 %')
  .max(SPLIT_TOTAL_MAX, `must be at most ${SPLIT_TOTAL_MAX} %`);

export const splitReceiver = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('MERCHANT'), mchNo, ratio }),
  z.strictObject({
    type: z.literal('EXTERNAL'),
    name: z.string().trim().min(1, 'is required').max(50, 'must be at most 50 characters'),
    accountNo: bankCardNumber,
    bankName: z.string().trim().min(2, 'is required').max(50, 'must be at most 50 characters'),
    ratio,
  }),
]);
export type SplitReceiverInput = z.input<typeof splitReceiver>;

export const splitApplyBody = z
  .strictObject({
    mchNo,
    receivers: z
      .array(splitReceiver)
      .min(1, 'must name at least one receiver')
      .max(SPLIT_RECEIVERS_MAX, `must name at most ${SPLIT_RECEIVERS_MAX} receivers`),
    remark: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  })
  .superRefine((body, ctx) => {
    const total = body.receivers.reduce((s, r) => s + r.ratio, 0);
    if (total > SPLIT_TOTAL_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['receivers'],
        message: `must share at most ${SPLIT_TOTAL_MAX} % in all (now ${total} %)`,
      });
    }
    const merchants = body.receivers.flatMap((r) => (r.type === 'MERCHANT' ? [r.mchNo] : []));
    if (merchants.includes(body.mchNo)) {
      ctx.addIssue({ code: 'custom', path: ['receivers'], message: 'must not include the merchant itself' });
    }
    if (new Set(merchants).size !== merchants.length) {
      ctx.addIssue({ code: 'custom', path: ['receivers'], message: 'must not name a merchant twice' });
    }
  });
export type SplitApplyBody = z.input<typeof splitApplyBody>;

export const splitReceiverView = z.object({
  type: z.enum(['MERCHANT', 'EXTERNAL']),
  /** The receiving merchant's number, or null for an outside party. */
  mchNo: z.string().nullable(),
  name: z.string(),
  accountNoMasked: z.string().nullable(),
  bankName: z.string().nullable(),
  ratio: z.number().int(),
});
export const splitItem = z.object({
  applyNo: z.string(),
  mchNo: z.string(),
  mchName: z.string(),
  status: z.enum(SPLIT_STATUSES),
  totalRatio: z.number().int(),
  receivers: z.array(splitReceiverView),
  remark: z.string(),
  rejectReason: z.string().nullable(),
  /** The first business day the approval applies to (the day after it), null until approved. */
  effectiveFrom: z.string().nullable(),
  createdAt: instant,
  decidedAt: instant.nullable(),
});
export type SplitItem = z.infer<typeof splitItem>;
export const splitListBody = z.strictObject({
  statuses: anyOf(SPLIT_STATUSES).optional(),
  mchNos: z.array(mchNo).max(50).optional(),
  ...pageFields,
});
export const splitPage = page(splitItem);
export type SplitPage = z.infer<typeof splitPage>;
export const splitDetailQuery = z.strictObject({ applyNo: splitApplyNo });
export const splitCancelBody = z.strictObject({ applyNo: splitApplyNo });
