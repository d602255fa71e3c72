/**
 * The payment-code calls of the back office: batches on /code-setting (`code:view` to read, `code:edit` to
 * generate and disable) and binding on /mch-code-setting (`code:bind`). Everything is scoped by the caller's
 * current organisation: another organisation's code, batch or merchant is "not found". A separate file from
 * code.ts because the bind body takes the order module's `amountFen`, and order.ts imports code.ts.
 */
import { z } from 'zod';
import { CODE_STATUSES, codeLabel, codeNo } from './code-no.ts';
import { anyOf, page, pageFields } from '../envelope.ts';
import { mchNo } from '../merchant/schemas.ts';
import { amountFen } from '../order/schemas.ts';
import { instant } from '../validation.ts';

/** The most codes one batch (one printable sheet) holds. */
export const CODE_BATCH_MAX = 1000;

/** Batch number: `B`, the time yyyyMMddHHmmss (Asia/Shanghai) and 6 random digits. */
export const BATCH_NO_RE = /^B\d{20}$/;
export const batchNo = z.string().trim().regex(BATCH_NO_RE, 'must be a batch number like B20260501093000123456');

/** `POST /code/batch/create {count}` (code:edit): `count` new UNBOUND codes with random numbers, one batch. */
export const codeBatchCreateBody = z.strictObject({
  count: z.number().int().min(1).max(CODE_BATCH_MAX),
});
export type CodeBatchCreateBody = z.input<typeof codeBatchCreateBody>;

/** How many codes of a batch are in each status. */
export const codeStatusCounts = z.object({
  UNBOUND: z.number().int(),
  BOUND: z.number().int(),
  DISABLED: z.number().int(),
});
export type CodeStatusCounts = z.infer<typeof codeStatusCounts>;

export const codeBatch = z.object({
  batchNo: z.string(),
  count: z.number().int(),
  counts: codeStatusCounts,
  createdAt: instant,
  /** The member who generated it (name or mobile); null for the platform (demo data). */
  createdBy: z.string().nullable(),
});
export type CodeBatch = z.infer<typeof codeBatch>;

/** `POST /code/batch/list` (code:view): batches newest first; `batchNo` finds one (exact). */
export const codeBatchListBody = z.strictObject({
  batchNo: z.string().trim().min(1).max(30, 'must be at most 30 characters').optional(),
  ...pageFields,
});
export type CodeBatchListBody = z.input<typeof codeBatchListBody>;
export const codeBatchPage = page(codeBatch);
export type CodeBatchPage = z.infer<typeof codeBatchPage>;

/**
 * `POST /code/list` (code:view): codes newest first, the filters combined with AND: batch, status(es), merchant
 * and code number (exact), label (contains).
 */
export const codeListBody = z.strictObject({
  batchNo: z.string().trim().min(1).max(30, 'must be at most 30 characters').optional(),
  status: anyOf(CODE_STATUSES).optional(),
  mchNo: z.string().trim().min(1).max(20, 'must be at most 20 characters').optional(),
  codeNo: z.string().trim().min(1).max(20, 'must be at most 20 characters').optional(),
  label: z.string().trim().min(1).max(30, 'must be at most 30 characters').optional(),
  ...pageFields,
});
export type CodeListBody = z.input<typeof codeListBody>;

/**
 * A code with its merchant. A DISABLED code keeps the merchant, amount and label it last had (whose code it was);
 * only a BOUND one opens a cashier.
 */
export const codeListItem = z.object({
  codeNo: z.string(),
  batchNo: z.string(),
  status: z.enum(CODE_STATUSES),
  mchNo: z.string().nullable(),
  mchName: z.string().nullable(),
  fixedAmountFen: z.number().int().nullable(),
  label: z.string().nullable(),
  boundAt: instant.nullable(),
  disabledAt: instant.nullable(),
  createdAt: instant,
});
export type CodeListItem = z.infer<typeof codeListItem>;
export const codePage = page(codeListItem);
export type CodePage = z.infer<typeof codePage>;

/**
 * `POST /code/bind` (code:bind): bind an UNBOUND code, or rebind a BOUND one, to an ACTIVE merchant of the
 * organisation. Without `fixedAmountFen` (or with null) the payer types the amount; an empty label is none. A
 * rebind replaces the amount and label too.
 */
export const codeBindBody = z.strictObject({
  codeNo,
  mchNo,
  fixedAmountFen: amountFen.nullable().optional(),
  label: codeLabel.optional(),
});
export type CodeBindBody = z.input<typeof codeBindBody>;
/** The code as bound; `reboundFrom` names the merchant it was taken from when it was bound to another one. */
export const codeBindAnswer = codeListItem.extend({
  reboundFrom: z.object({ mchNo: z.string(), mchName: z.string() }).nullable(),
});
export type CodeBindAnswer = z.infer<typeof codeBindAnswer>;

/** `POST /code/unbind {codeNo}` (code:bind): BOUND -> UNBOUND. `POST /code/disable {codeNo}` (code:edit): final. */
export const codeNoBody = z.strictObject({ codeNo });
export type CodeNoBody = z.input<typeof codeNoBody>;

/** `GET /code/sheet?batchNo=` (code:view): the batch as a printable A4 PDF. */
export const codeSheetQuery = z.strictObject({ batchNo });
/** `GET /code/png?codeNo=` (code:view): one code as a PNG image. */
export const codePngQuery = z.strictObject({ codeNo });
