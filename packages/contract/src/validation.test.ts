import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  bankAccountNumber,
  bankCardNumber,
  calendarDate,
  creditCode,
  dateOrInstant,
  instant,
  password,
  rate,
  residentIdNumber,
  servicePhone,
} from './validation.ts';

const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message);

describe('password rule', () => {
  it('needs 8 characters with letters and digits', () => {
    expect(password.safeParse('Demo@2026').success).toBe(true);
    expect(password.safeParse('short1').error?.issues[0]?.message).toBe('must be at least 8 characters');
    expect(password.safeParse('lettersonly').error?.issues[0]?.message).toBe('must contain a digit');
    expect(password.safeParse('12345678').error?.issues[0]?.message).toBe('must contain a letter');
  });
});

describe('credit code schema', () => {
  it('trims and upper-cases before checking', () => {
    expect(creditCode.parse(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
    expect(messages(creditCode, '91350100M000100Y44')).toEqual([
      'must be an 18-character unified social credit code with a valid check digit',
    ]);
  });
});

describe('resident ID schema', () => {
  afterEach(() => vi.useRealTimers());

  it('trims and upper-cases x', () => {
    expect(residentIdNumber.parse(' 11010519491231002x ')).toBe('11010519491231002X');
  });
  it('says what is wrong, one message per problem', () => {
    expect(messages(residentIdNumber, '1101051949123100')).toEqual([
      'must be 18 characters: 17 digits and a digit or X',
    ]);
    expect(messages(residentIdNumber, '001051194912310020')).toEqual(['must start with a mainland China region code']);
    expect(messages(residentIdNumber, '110105194902300021')).toEqual([
      'must carry a real birth date that is not in the future',
    ]);
    expect(messages(residentIdNumber, '110105194912310021')).toEqual(['check digit is wrong']);
    expect(messages(residentIdNumber, 42)).toHaveLength(1);
  });
  it('refuses a birth date after today in China', () => {
    // 2026-05-01 00:30 in Shanghai is still 2026-04-30 in UTC.
    vi.useFakeTimers({ now: new Date('2026-04-30T16:30:00Z') });
    expect(residentIdNumber.safeParse('110105202605010016').success).toBe(true);
    expect(messages(residentIdNumber, '110101202605020016')).toEqual([
      'must carry a real birth date that is not in the future',
    ]);
  });
});

describe('bank account schemas', () => {
  it('remove spaces and hyphens people type', () => {
    expect(bankCardNumber.parse('6222 0212 3456 7890 128')).toBe('6222021234567890128');
    expect(bankAccountNumber.parse('1234-5678-9012')).toBe('123456789012');
  });
  it('check a personal card by Luhn, a corporate account only by its digits', () => {
    expect(messages(bankCardNumber, '6222021234567890127')).toEqual(['check digit is wrong']);
    expect(messages(bankCardNumber, '62220212345')).toEqual(['must be a bank card number of 12 to 19 digits']);
    expect(bankAccountNumber.safeParse('6222021234567890127').success).toBe(true);
    expect(bankAccountNumber.safeParse('31050161393600000123').success).toBe(true);
    expect(messages(bankAccountNumber, '1234567')).toEqual(['must be 8 to 32 digits']);
    expect(messages(bankAccountNumber, '1'.repeat(33))).toEqual(['must be 8 to 32 digits']);
    expect(messages(bankAccountNumber, '12345678A')).toEqual(['must be 8 to 32 digits']);
  });
});

describe('rate schema', () => {
  it('takes a JSON number from 0 to 9.9 with at most one decimal', () => {
    for (const r of [0, 0.1, 3.8, 9.9]) expect(rate.parse(r)).toBe(r);
    expect(messages(rate, 3.85)).toEqual(['must have at most one decimal']);
    expect(rate.safeParse(10).error?.issues[0]?.code).toBe('too_big');
    expect(rate.safeParse(-0.1).error?.issues[0]?.code).toBe('too_small');
    expect(rate.safeParse('3.8').error?.issues[0]?.code).toBe('invalid_type');
  });
});

describe('dates and times', () => {
  it('calendarDate takes real days only', () => {
    expect(calendarDate.parse('2024-02-29')).toBe('2024-02-29');
    expect(messages(calendarDate, '2026-02-29')).toEqual(['must be a real date as YYYY-MM-DD']);
  });
  it('instant takes ISO 8601 with offset', () => {
    expect(instant.safeParse('2026-05-01T09:30:00+08:00').success).toBe(true);
    expect(instant.safeParse('2026-05-01T01:30:00.123Z').success).toBe(true);
    expect(instant.safeParse('2026-05-01 09:30:00').success).toBe(false);
    expect(instant.safeParse('2026-05-01T09:30:00').success).toBe(false);
  });
  it('a filter bound is a day or an instant', () => {
    expect(dateOrInstant.safeParse('2026-05-01').success).toBe(true);
    expect(dateOrInstant.safeParse('2026-05-01T00:00:00+08:00').success).toBe(true);
    expect(dateOrInstant.safeParse('2026-02-30').success).toBe(false);
    expect(dateOrInstant.safeParse('yesterday').success).toBe(false);
  });
});

describe('service phone', () => {
  it('takes mobiles, landlines with area code, 400/800 and 95 numbers', () => {
    for (const p of [
      '13800138000',
      '021-61234567',
      '01061234567',
      '0755-1234567',
      '400-820-8820',
      '8008208820',
      '95588',
    ]) {
      expect(servicePhone.safeParse(p).success).toBe(true);
    }
    for (const p of ['12800138000', '61234567', '021-123', '400-82-8820', '9558', 'abc', '']) {
      expect(servicePhone.safeParse(p).success).toBe(false);
    }
  });
});
