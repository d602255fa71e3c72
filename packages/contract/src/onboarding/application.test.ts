import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MerchantType } from '../merchant/schemas.ts';
import {
  completeApplication,
  dropEmptyFields,
  ID_LONG_TERM,
  applicationDraft,
  type CompleteApplicationInput,
  requiredDocuments,
  sameName,
  stepIssues,
} from './application.ts';

const ENTERPRISE_CODE = '91350100M000100Y43';
const INDIVIDUAL_CODE = '92350100M000100Y40';
const ID = '11010519491231002X';
const CARD = '6222021234567890128';
const file = (n: number) => `F${String(n).padStart(24, '0')}`;

/** A complete application of each type, as the wizard would send it. */
function application(type: MerchantType): CompleteApplicationInput {
  const corporate = type === 'ENTERPRISE';
  return {
    subject: {
      type,
      name: type === 'SMALL_MICRO' ? '张三水果店' : '上海示例贸易有限公司（浦东）',
      shortName: '示例水果',
      ...(type === 'ENTERPRISE' && { creditCode: ENTERPRISE_CODE }),
      ...(type === 'INDIVIDUAL' && { creditCode: INDIVIDUAL_CODE }),
      category: 'FRESH_FOOD',
      address: '上海市浦东新区世纪大道100号',
      servicePhone: '021-61234567',
    },
    legalPerson: { name: '张三', idNumber: ID, idValidFrom: '2020-01-01', idValidTo: '2040-01-01' },
    settlement: {
      accountType: corporate ? 'CORPORATE' : 'PERSONAL',
      bankName: '招商银行',
      branchName: '招商银行上海分行陆家嘴支行',
      accountNumber: corporate ? '121909876510201' : CARD,
      accountName: corporate ? '上海示例贸易有限公司(浦东)' : '张三',
    },
    rates: [
      { channel: 'WECHAT', rate: 3.8 },
      { channel: 'ALIPAY', rate: 6 },
    ],
    documents: requiredDocuments(type).map((kind, i) => ({ kind, fileId: file(i) })),
  };
}

/** `application(type)` with one section's fields replaced. */
function withChange<K extends keyof CompleteApplicationInput>(
  type: MerchantType,
  key: K,
  change: Partial<CompleteApplicationInput[K]>,
): CompleteApplicationInput {
  const app = application(type);
  return { ...app, [key]: Array.isArray(change) ? change : { ...app[key], ...change } };
}

/** "path: message" for each issue, like the server's messages. */
function problems(value: unknown): string[] {
  const result = completeApplication.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-05-01T02:00:00Z'), toFake: ['Date'] }));
afterEach(() => vi.useRealTimers());

describe('complete application', () => {
  it('accepts a complete application of each type', () => {
    for (const type of ['INDIVIDUAL', 'ENTERPRISE', 'SMALL_MICRO'] as const) {
      expect(problems(application(type))).toEqual([]);
    }
  });
  it('accepts an individual business settling to a corporate account in its own name', () => {
    const app = withChange('INDIVIDUAL', 'settlement', {
      accountType: 'CORPORATE',
      accountNumber: '121909876510201',
      accountName: '上海示例贸易有限公司（浦东）',
    });
    expect(problems(app)).toEqual([]);
  });
  it('normalises what it parses: trimmed, upper-cased, separators removed', () => {
    const app = application('INDIVIDUAL');
    app.legalPerson.idNumber = ' 11010519491231002x ';
    app.settlement.accountNumber = '6222 0212 3456 7890 128';
    app.subject.creditCode = INDIVIDUAL_CODE.toLowerCase();
    const parsed = completeApplication.parse(app);
    expect(parsed.legalPerson.idNumber).toBe(ID);
    expect(parsed.settlement.accountNumber).toBe(CARD);
    expect(parsed.subject.creditCode).toBe(INDIVIDUAL_CODE);
  });
  it('names every missing section and field by its path', () => {
    expect(problems({})).toEqual([
      'subject: Invalid input: expected object, received undefined',
      'legalPerson: Invalid input: expected object, received undefined',
      'settlement: Invalid input: expected object, received undefined',
      'rates: Invalid input: expected array, received undefined',
      'documents: Invalid input: expected array, received undefined',
    ]);
    const app = application('ENTERPRISE');
    const { idNumber: _dropped, ...person } = app.legalPerson;
    expect(problems({ ...app, legalPerson: person })).toEqual([
      'legalPerson.idNumber: Invalid input: expected string, received undefined',
    ]);
  });
  it('refuses unknown fields at every level', () => {
    expect(problems({ ...application('ENTERPRISE'), extra: 1 })).toEqual([': Unrecognized key: "extra"']);
    expect(problems(withChange('ENTERPRISE', 'subject', { nickname: 'x' } as object))).toEqual([
      'subject: Unrecognized key: "nickname"',
    ]);
  });
  it('reports field problems on nested paths', () => {
    expect(problems(withChange('ENTERPRISE', 'legalPerson', { idNumber: '110105194912310021' }))).toEqual([
      'legalPerson.idNumber: check digit is wrong',
    ]);
    expect(problems(withChange('ENTERPRISE', 'subject', { creditCode: '91350100M000100Y44' }))).toEqual([
      'subject.creditCode: must be an 18-character unified social credit code with a valid check digit',
    ]);
    expect(problems(withChange('ENTERPRISE', 'subject', { servicePhone: '123' }))).toEqual([
      'subject.servicePhone: must be a mobile number, a landline with area code, a 400/800 number or a 95 number',
    ]);
    expect(problems(withChange('ENTERPRISE', 'subject', { shortName: 'x' }))).toEqual([
      'subject.shortName: must be at least 2 characters',
    ]);
    expect(problems(withChange('ENTERPRISE', 'legalPerson', { name: '张3' }))).toEqual([
      "legalPerson.name: must be a person's name",
    ]);
    expect(problems(withChange('ENTERPRISE', 'rates', [{ channel: 'WECHAT', rate: 3.85 }]))).toEqual([
      'rates.0.rate: must have at most one decimal',
    ]);
    expect(problems(withChange('ENTERPRISE', 'rates', [{ channel: 'WECHAT', rate: 10 }]))).toEqual([
      'rates.0.rate: Too big: expected number to be <=9.9',
    ]);
  });
});

describe('credit code by subject type', () => {
  it('is required for an individual business and an enterprise', () => {
    for (const type of ['INDIVIDUAL', 'ENTERPRISE'] as const) {
      const app = application(type);
      delete app.subject.creditCode;
      expect(problems(app)).toEqual(['subject.creditCode: is required']);
    }
  });
  it('must be absent for a small-micro merchant', () => {
    expect(problems(withChange('SMALL_MICRO', 'subject', { creditCode: ENTERPRISE_CODE }))).toEqual([
      'subject.creditCode: must be empty for a small-micro merchant',
    ]);
  });
  it('starts with 92 exactly for an individual business', () => {
    expect(problems(withChange('INDIVIDUAL', 'subject', { creditCode: ENTERPRISE_CODE }))).toEqual([
      'subject.creditCode: must start with 92 for an individual business',
    ]);
    expect(problems(withChange('ENTERPRISE', 'subject', { creditCode: INDIVIDUAL_CODE }))).toEqual([
      'subject.creditCode: starts with 92, which is an individual business: choose that type',
    ]);
  });
});

describe('identity card validity', () => {
  it('accepts a card valid for life and one that ends today', () => {
    expect(problems(withChange('ENTERPRISE', 'legalPerson', { idValidTo: ID_LONG_TERM }))).toEqual([]);
    expect(problems(withChange('ENTERPRISE', 'legalPerson', { idValidTo: '2026-05-01' }))).toEqual([]);
  });
  it('refuses a start in the future, an end before the start, an expired card', () => {
    expect(problems(withChange('ENTERPRISE', 'legalPerson', { idValidFrom: '2026-05-02' }))).toEqual([
      'legalPerson.idValidFrom: must not be in the future',
    ]);
    expect(problems(withChange('ENTERPRISE', 'legalPerson', { idValidTo: '2019-12-31' }))).toEqual([
      'legalPerson.idValidTo: must be after idValidFrom',
    ]);
    expect(problems(withChange('ENTERPRISE', 'legalPerson', { idValidTo: '2026-04-30' }))).toEqual([
      'legalPerson.idValidTo: has passed: the identity card has expired',
    ]);
  });
  it('says only the format when a date is not a date', () => {
    expect(problems(withChange('ENTERPRISE', 'legalPerson', { idValidFrom: '2026-02-30' }))).toEqual([
      'legalPerson.idValidFrom: must be a real date as YYYY-MM-DD',
    ]);
    expect(problems(withChange('ENTERPRISE', 'legalPerson', { idValidTo: 'forever' }))).toEqual([
      'legalPerson.idValidTo: must be a real date as YYYY-MM-DD or LONG_TERM',
    ]);
  });
});

describe('settlement account', () => {
  it('must be corporate for an enterprise and personal for a small-micro merchant', () => {
    expect(problems(withChange('ENTERPRISE', 'settlement', { accountType: 'PERSONAL' }))).toEqual([
      'settlement.accountType: must be CORPORATE for an enterprise',
    ]);
    expect(
      problems(withChange('SMALL_MICRO', 'settlement', { accountType: 'CORPORATE', accountName: '张三水果店' })),
    ).toEqual(['settlement.accountType: must be PERSONAL for a small-micro merchant']);
  });
  it('checks a personal card by Luhn, a corporate account not', () => {
    expect(problems(withChange('INDIVIDUAL', 'settlement', { accountNumber: '6222021234567890127' }))).toEqual([
      'settlement.accountNumber: check digit is wrong',
    ]);
    expect(problems(withChange('INDIVIDUAL', 'settlement', { accountNumber: '12345678' }))).toEqual([
      'settlement.accountNumber: must be a bank card number of 12 to 19 digits',
    ]);
    expect(problems(withChange('ENTERPRISE', 'settlement', { accountNumber: '12345678' }))).toEqual([]);
    expect(problems(withChange('ENTERPRISE', 'settlement', { accountNumber: '1234567' }))).toEqual([
      'settlement.accountNumber: must be 8 to 32 digits',
    ]);
  });
  it("is held in the merchant's name when corporate, the legal person's when personal", () => {
    expect(problems(withChange('ENTERPRISE', 'settlement', { accountName: '上海示例贸易公司' }))).toEqual([
      'settlement.accountName: must match the merchant name for a corporate account',
    ]);
    expect(problems(withChange('SMALL_MICRO', 'settlement', { accountName: '李四' }))).toEqual([
      "settlement.accountName: must match the legal person's name for a personal account",
    ]);
    expect(problems(withChange('INDIVIDUAL', 'settlement', { accountName: ' 张 三 ' }))).toEqual([]);
  });
  it('says nothing about the holder while the name it must match is itself wrong', () => {
    const app = withChange('ENTERPRISE', 'settlement', { accountName: '别的公司' });
    app.subject.name = 'x';
    expect(problems(app)).toEqual(['subject.name: must be at least 2 characters']);
  });
});

describe('rates and documents', () => {
  it('needs at least one channel, each once', () => {
    expect(problems(withChange('ENTERPRISE', 'rates', []))).toEqual(['rates: must name at least one channel']);
    const twice = [
      { channel: 'WECHAT', rate: 3.8 },
      { channel: 'WECHAT', rate: 6 },
    ] as const;
    expect(problems(withChange('ENTERPRISE', 'rates', [...twice]))).toEqual(['rates.1.channel: is listed twice']);
  });
  it('needs the documents of the subject type, each kind once', () => {
    expect(requiredDocuments('ENTERPRISE')).toEqual(['LICENCE', 'ID_FRONT', 'ID_BACK']);
    expect(requiredDocuments('INDIVIDUAL')).toEqual(['LICENCE', 'ID_FRONT', 'ID_BACK', 'SHOP_FRONT', 'SHOP_INSIDE']);
    expect(requiredDocuments('SMALL_MICRO')).toEqual(['ID_FRONT', 'ID_BACK', 'SHOP_FRONT', 'SHOP_INSIDE']);
    const app = withChange('INDIVIDUAL', 'documents', [{ kind: 'ID_FRONT', fileId: file(1) }]);
    expect(problems(app)).toEqual([
      'documents: must include LICENCE',
      'documents: must include ID_BACK',
      'documents: must include SHOP_FRONT',
      'documents: must include SHOP_INSIDE',
    ]);
    const result = completeApplication.safeParse(app);
    expect(result.error?.issues.map((i) => (i as { params?: unknown }).params)).toContainEqual({ kind: 'LICENCE' });
    const twice = [...application('ENTERPRISE').documents, { kind: 'LICENCE' as const, fileId: file(9) }];
    expect(problems(withChange('ENTERPRISE', 'documents', twice))).toEqual(['documents.3.kind: is listed twice']);
    expect(problems(withChange('ENTERPRISE', 'documents', [{ kind: 'LICENCE', fileId: 'x' }]))).toContain(
      'documents.0.fileId: must be the fileId of an upload',
    );
  });
  it('accepts documents beyond the required ones', () => {
    const docs = [...application('ENTERPRISE').documents, { kind: 'SHOP_FRONT' as const, fileId: file(7) }];
    expect(problems(withChange('ENTERPRISE', 'documents', docs))).toEqual([]);
  });
});

describe('drafts and wizard steps', () => {
  it('a draft may lack any section or field, but what it has must be valid', () => {
    expect(applicationDraft.safeParse({}).success).toBe(true);
    expect(applicationDraft.safeParse({ subject: { type: 'ENTERPRISE' }, rates: [] }).success).toBe(true);
    expect(applicationDraft.safeParse(application('SMALL_MICRO')).success).toBe(true);
    const bad = applicationDraft.safeParse({ legalPerson: { idNumber: '110105194912310021' } });
    expect(bad.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'legalPerson.idNumber: check digit is wrong',
    ]);
    // No rule across fields in a draft: an enterprise may still have a personal account while being filled in.
    const crossed = { subject: { type: 'ENTERPRISE' }, settlement: { accountType: 'PERSONAL', accountName: '李四' } };
    expect(applicationDraft.safeParse(crossed).success).toBe(true);
    expect(applicationDraft.safeParse({ subject: { name: '' } }).success).toBe(false);
    expect(applicationDraft.safeParse({ extra: 1 }).success).toBe(false);
  });
  it("gives one step's problems, rules across sections included", () => {
    const form = { subject: application('ENTERPRISE').subject, settlement: { accountType: 'PERSONAL' } };
    expect(stepIssues('subject', form)).toEqual([]);
    expect(stepIssues('settlement', form).map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'settlement.bankName: Invalid input: expected string, received undefined',
      'settlement.branchName: Invalid input: expected string, received undefined',
      'settlement.accountNumber: Invalid input: expected string, received undefined',
      'settlement.accountName: Invalid input: expected string, received undefined',
      'settlement.accountType: must be CORPORATE for an enterprise',
    ]);
    expect(stepIssues('legalPerson', form).map((i) => i.path.join('.'))).toEqual(['legalPerson']);
    expect(stepIssues('documents', application('ENTERPRISE'))).toEqual([]);
  });
  it('drops empty fields from form values', () => {
    expect(
      dropEmptyFields({
        subject: { type: 'SMALL_MICRO', creditCode: '', name: null, address: undefined, shortName: 'ab' },
        rates: [{ channel: 'WECHAT', rate: 0 }],
        documents: [],
      }),
    ).toEqual({
      subject: { type: 'SMALL_MICRO', shortName: 'ab' },
      rates: [{ channel: 'WECHAT', rate: 0 }],
      documents: [],
    });
    expect(dropEmptyFields('x')).toBe('x');
  });
  it('compares holder names as banks do', () => {
    expect(sameName('上海示例（浦东）有限公司', '上海示例(浦东)有限公司')).toBe(true);
    expect(sameName(' 张 三', '张三')).toBe(true);
    expect(sameName('ＡＢＣ', 'ABC')).toBe(true);
    expect(sameName('张三', '张四')).toBe(false);
  });
});
