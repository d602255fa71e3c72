import { describe, expect, it } from 'vitest';
import { Code, mobile, password, smsCode } from '@mchweb/contract';
import { CODES, MOBILE_RE, PASSWORD_RE, SMS_CODE_RE } from './rules';

describe('client copies of the contract rules', () => {
  it('S8.7 the company codes and auth codes equal the contract', () => {
    expect(CODES.MEMBER_DISABLED).toBe(Code.MEMBER_DISABLED);
    expect(CODES.COMPANY_BLOCKED).toBe(Code.COMPANY_BLOCKED);
    expect(CODES.UNAUTHORIZED).toBe(Code.UNAUTHORIZED);
    expect(CODES.SESSION_REPLACED).toBe(Code.SESSION_REPLACED);
    expect([CODES.MEMBER_DISABLED, CODES.COMPANY_BLOCKED]).toEqual([8091012, 8091033]);
  });

  it('form rules accept and refuse what the contract does', () => {
    for (const v of ['13800138000', '19912345678', '12800138000', '1380013800', 'abc']) {
      expect(MOBILE_RE.test(v)).toBe(mobile.safeParse(v).success);
    }
    for (const v of ['Demo@2026', 'abcdefg1', 'abcdefgh', '12345678', 'a1', 'a1'.repeat(32), 'a1'.repeat(33)]) {
      expect(PASSWORD_RE.test(v)).toBe(password.safeParse(v).success);
    }
    for (const v of ['123456', '12345', '1234567', 'abcdef'])
      expect(SMS_CODE_RE.test(v)).toBe(smsCode.safeParse(v).success);
  });
});
