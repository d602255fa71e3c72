import { describe, expect, it } from 'vitest';
import {
  SPLIT_APPLY_NO_RE,
  SPLIT_RECEIVERS_MAX,
  SPLIT_STATUSES,
  SPLIT_TOTAL_MAX,
  splitApplyBody,
} from '@mchweb/contract/split/schemas';
import { MCH_NO_RE } from '@mchweb/contract/merchant/schemas';
import {
  SPLIT_APPLY_NO_PATTERN,
  SPLIT_RECEIVERS_LIMIT,
  SPLIT_STATUS_LIST,
  SPLIT_TOTAL_LIMIT,
  MCH_NO_PATTERN,
  NAME_MAX,
  REMARK_MAX,
  totalOf,
} from './split-values';

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
    expect(SPLIT_STATUS_LIST).toEqual(SPLIT_STATUSES);
    expect(SPLIT_TOTAL_LIMIT).toBe(SPLIT_TOTAL_MAX);
    expect(SPLIT_RECEIVERS_LIMIT).toBe(SPLIT_RECEIVERS_MAX);
    expect(SPLIT_APPLY_NO_PATTERN.source).toBe(SPLIT_APPLY_NO_RE.source);
    expect(MCH_NO_PATTERN.source).toBe(MCH_NO_RE.source);
    const ok = (body: object) => splitApplyBody.safeParse({ mchNo: 'M100000001', receivers: [body] }).success;
    expect(ok(external({ name: 'x'.repeat(NAME_MAX) }))).toBe(true);
    expect(ok(external({ name: 'x'.repeat(NAME_MAX + 1) }))).toBe(false);
    expect(ok(external({ bankName: 'x'.repeat(NAME_MAX + 1) }))).toBe(false);
    const remark = (r: string) =>
      splitApplyBody.safeParse({ mchNo: 'M100000001', receivers: [external()], remark: r }).success;
    expect(remark('x'.repeat(REMARK_MAX))).toBe(true);
    expect(remark('x'.repeat(REMARK_MAX + 1))).toBe(false);
  });

  it('adds the ratios typed so far', () => {
    expect(totalOf([{ ratio: '20' }, { ratio: '11' }, undefined, { ratio: '' }])).toBe(31);
    expect(totalOf(undefined)).toBe(0);
  });
});
