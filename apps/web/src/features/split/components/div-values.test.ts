import { describe, expect, it } from 'vitest';
import {
  DIV_APPLY_NO_RE,
  DIV_RECEIVERS_MAX,
  DIV_STATUSES,
  DIV_TOTAL_MAX,
  divApplyBody,
} from '@mchweb/contract/split/schemas';
import { MCH_NO_RE } from '@mchweb/contract/merchant/schemas';
import {
  DIV_APPLY_NO_PATTERN,
  DIV_RECEIVERS_LIMIT,
  DIV_STATUS_LIST,
  DIV_TOTAL_LIMIT,
  MCH_NO_PATTERN,
  NAME_MAX,
  REMARK_MAX,
  totalOf,
} from './div-values';

const external = (patch: object = {}) => ({
  type: 'EXTERNAL' as const,
  name: '王芳',
  accountNo: '62220212345678903',
  bankName: '招商银行',
  ratio: 10,
  ...patch,
});

describe('the split values repeated from the contract', () => {
  it('are the contract’s lists, limits and patterns', () => {
    expect(DIV_STATUS_LIST).toEqual(DIV_STATUSES);
    expect(DIV_TOTAL_LIMIT).toBe(DIV_TOTAL_MAX);
    expect(DIV_RECEIVERS_LIMIT).toBe(DIV_RECEIVERS_MAX);
    expect(DIV_APPLY_NO_PATTERN.source).toBe(DIV_APPLY_NO_RE.source);
    expect(MCH_NO_PATTERN.source).toBe(MCH_NO_RE.source);
    const ok = (body: object) => divApplyBody.safeParse({ mchNo: 'M100000001', receivers: [body] }).success;
    expect(ok(external({ name: 'x'.repeat(NAME_MAX) }))).toBe(true);
    expect(ok(external({ name: 'x'.repeat(NAME_MAX + 1) }))).toBe(false);
    expect(ok(external({ bankName: 'x'.repeat(NAME_MAX + 1) }))).toBe(false);
    const remark = (r: string) =>
      divApplyBody.safeParse({ mchNo: 'M100000001', receivers: [external()], remark: r }).success;
    expect(remark('x'.repeat(REMARK_MAX))).toBe(true);
    expect(remark('x'.repeat(REMARK_MAX + 1))).toBe(false);
  });

  it('adds the ratios typed so far', () => {
    expect(totalOf([{ ratio: '20' }, { ratio: '11' }, undefined, { ratio: '' }])).toBe(31);
    expect(totalOf(undefined)).toBe(0);
  });
});
