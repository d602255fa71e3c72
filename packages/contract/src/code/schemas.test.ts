import { describe, expect, it } from 'vitest';
import { CODE_NO_RE, CODE_STATUSES, codePayPath } from './code-no.ts';
import {
  BATCH_NO_RE,
  CODE_BATCH_MAX,
  codeBatchCreateBody,
  codeBatchListBody,
  codeBatchPage,
  codeBindAnswer,
  codeBindBody,
  codeListBody,
  codeNoBody,
  codePage,
  codePngQuery,
  codeSheetQuery,
} from './schemas.ts';
import { AMOUNT_MAX_FEN } from '../money.ts';

const CODE = '512345678901';
const AT = '2026-05-01T09:30:00+08:00';
const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('code and batch numbers', () => {
  it('a code number is 12 digits not starting with 0; its cashier is /mchweb/pay/:codeNo', () => {
    expect(CODE_NO_RE.test(CODE)).toBe(true);
    for (const no of ['012345678901', '51234567890', '5123456789012', '51234567890a'])
      expect(CODE_NO_RE.test(no)).toBe(false);
    expect(codeNoBody.parse({ codeNo: ` ${CODE} ` })).toEqual({ codeNo: CODE });
    expect(messageOf(codeNoBody.safeParse({ codeNo: '1' }))).toBe('must be a payment code number of 12 digits');
    expect(codePayPath(CODE)).toBe(`/mchweb/pay/${CODE}`);
  });
  it('a batch number is B, a 14-digit time and 6 digits', () => {
    expect(BATCH_NO_RE.test('B20260501093000123456')).toBe(true);
    for (const no of ['B2026050109300012345', 'A20260501093000123456', 'b20260501093000123456']) {
      expect(BATCH_NO_RE.test(no)).toBe(false);
    }
    expect(codeSheetQuery.parse({ batchNo: 'B20260501093000123456' })).toEqual({ batchNo: 'B20260501093000123456' });
    expect(messageOf(codeSheetQuery.safeParse({ batchNo: 'x' }))).toBe(
      'must be a batch number like B20260501093000123456',
    );
    expect(codePngQuery.safeParse({ codeNo: CODE, extra: 1 }).success).toBe(false);
  });
});

describe('batches', () => {
  it('generate 1 to 1000 codes at once, whole numbers only', () => {
    expect(codeBatchCreateBody.parse({ count: 1 })).toEqual({ count: 1 });
    expect(codeBatchCreateBody.parse({ count: CODE_BATCH_MAX })).toEqual({ count: 1000 });
    for (const count of [0, 1001, 2.5, '10', null])
      expect(codeBatchCreateBody.safeParse({ count }).success).toBe(false);
    expect(codeBatchCreateBody.safeParse({}).success).toBe(false);
    expect(codeBatchCreateBody.safeParse({ count: 5, batchNo: 'B1' }).success).toBe(false);
  });
  it('list newest first with keyset paging, counts per status', () => {
    expect(codeBatchListBody.parse({})).toEqual({ limit: 20 });
    expect(codeBatchListBody.safeParse({ limit: 101 }).success).toBe(false);
    const batch = {
      batchNo: 'B20260501093000123456',
      count: 3,
      counts: { UNBOUND: 1, BOUND: 1, DISABLED: 1 },
      createdAt: AT,
      createdBy: null,
    };
    expect(codeBatchPage.parse({ rows: [batch], nextCursor: null, hasMore: false }).rows[0]).toEqual(batch);
    expect(
      codeBatchPage.safeParse({ rows: [{ ...batch, counts: { UNBOUND: 1 } }], nextCursor: null, hasMore: false })
        .success,
    ).toBe(false);
  });
});

describe('codes', () => {
  it('filter by batch, statuses, merchant, code number and label', () => {
    const body = {
      batchNo: 'B20260501093000123456',
      status: ['BOUND', 'DISABLED'],
      mchNo: 'M100000001',
      codeNo: CODE,
      label: '3号桌',
    };
    expect(codeListBody.parse(body)).toEqual({ ...body, limit: 20 });
    expect(codeListBody.safeParse({ status: ['BOUND', 'BOUND'] }).success).toBe(false);
    expect(codeListBody.safeParse({ status: ['LOST'] }).success).toBe(false);
    expect(codeListBody.safeParse({ label: 'x'.repeat(31) }).success).toBe(false);
    expect(codeListBody.safeParse({ label: '' }).success).toBe(false);
    expect([...CODE_STATUSES]).toEqual(['UNBOUND', 'BOUND', 'DISABLED']);
  });
  it('a row names its merchant, amount and label, or nulls', () => {
    const row = {
      codeNo: CODE,
      batchNo: 'B20260501093000123456',
      status: 'UNBOUND',
      mchNo: null,
      mchName: null,
      fixedAmountFen: null,
      label: null,
      boundAt: null,
      disabledAt: null,
      createdAt: AT,
    };
    expect(codePage.parse({ rows: [row], nextCursor: null, hasMore: false }).rows).toEqual([row]);
    expect(
      codeBindAnswer.parse({ ...row, status: 'BOUND', reboundFrom: { mchNo: 'M100000002', mchName: 'Shop' } }),
    ).toMatchObject({ reboundFrom: { mchNo: 'M100000002' } });
  });
  it('bind: a code, an ACTIVE merchant of the organisation, an optional fixed amount in fen and label', () => {
    expect(codeBindBody.parse({ codeNo: CODE, mchNo: 'M100000001' })).toEqual({ codeNo: CODE, mchNo: 'M100000001' });
    expect(codeBindBody.parse({ codeNo: CODE, mchNo: 'M100000001', fixedAmountFen: 1250, label: ' 3号桌 ' })).toEqual({
      codeNo: CODE,
      mchNo: 'M100000001',
      fixedAmountFen: 1250,
      label: '3号桌',
    });
    expect(codeBindBody.parse({ codeNo: CODE, mchNo: 'M100000001', fixedAmountFen: null }).fixedAmountFen).toBeNull();
    const amount = (fixedAmountFen: unknown) =>
      messageOf(codeBindBody.safeParse({ codeNo: CODE, mchNo: 'M100000001', fixedAmountFen }));
    expect(amount(12.5)).toBe('must be a whole number of fen');
    expect(amount(0)).toBe('must be at least ¥0.01');
    expect(amount(AMOUNT_MAX_FEN + 1)).toBe('must be at most ¥500,000.00');
    expect(amount(AMOUNT_MAX_FEN)).toBeUndefined();
    expect(messageOf(codeBindBody.safeParse({ codeNo: CODE, mchNo: 'M1' }))).toBe(
      'must be a merchant number like M100000001',
    );
    expect(messageOf(codeBindBody.safeParse({ codeNo: CODE, mchNo: 'M100000001', label: 'x'.repeat(31) }))).toBe(
      'must be at most 30 characters',
    );
    expect(codeBindBody.safeParse({ codeNo: CODE, mchNo: 'M100000001', companyId: 1 }).success).toBe(false);
  });
});
