import { describe, expect, it } from 'vitest';
import {
  bankCardProblem,
  chinaToday,
  creditCodeCheckChar,
  isBankCardNumber,
  isCalendarDate,
  isCreditCode,
  isIndividualBusinessCreditCode,
  isLuhn,
  isResidentId,
  luhnCheckDigit,
  RESIDENT_ID_PROVINCES,
  residentIdBirthDate,
  residentIdCheckChar,
  residentIdProblem,
} from './id-checks.ts';

const TODAY = '2026-05-01';

/** Every string that differs from `value` in one digit position by one other digit. */
function singleDigitChanges(value: string, positions: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < positions; i++) {
    for (let d = 0; d <= 9; d++) {
      if (String(d) !== value[i]) out.push(value.slice(0, i) + d + value.slice(i + 1));
    }
  }
  return out;
}
/** Every string with two different adjacent digits swapped, among the first `positions` characters. */
function adjacentSwaps(value: string, positions: number): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < positions; i++) {
    if (value[i] !== value[i + 1]) out.push(value.slice(0, i) + value[i + 1] + value[i] + value.slice(i + 2));
  }
  return out;
}

describe('calendar dates', () => {
  it('accepts real days, leap days of leap years included', () => {
    for (const d of ['2026-01-01', '2024-02-29', '2000-02-29', '1900-02-28', '2026-12-31']) {
      expect(isCalendarDate(d)).toBe(true);
    }
  });
  it('refuses days that do not exist and other forms', () => {
    for (const d of ['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00']) {
      expect(isCalendarDate(d)).toBe(false);
    }
    for (const d of ['20260101', '2026-1-01', '2026/01/01', '0999-01-01', '2026-01-01T00:00:00Z', '']) {
      expect(isCalendarDate(d)).toBe(false);
    }
  });
  it("tells today's date in China, eight hours ahead of UTC", () => {
    expect(chinaToday(new Date('2026-04-30T15:59:59Z'))).toBe('2026-04-30');
    expect(chinaToday(new Date('2026-04-30T16:00:00Z'))).toBe('2026-05-01');
  });
});

describe('resident ID number (GB 11643-1999, ISO 7064 MOD 11-2)', () => {
  // The standard's example, and numbers whose check characters were computed by a separate program.
  const VALID = ['11010519491231002X', '310115200002291235', '110101202402290016', '510107198808081234'];

  it('accepts numbers whose 18th character is the check character', () => {
    for (const id of VALID) {
      expect(residentIdProblem(id, TODAY)).toBeNull();
      expect(isResidentId(id, TODAY)).toBe(true);
      expect(residentIdCheckChar(id.slice(0, 17))).toBe(id[17]);
    }
  });
  it("takes the standard's other example for its check character, but not its birth year 1880", () => {
    expect(residentIdCheckChar('44052418800101001')).toBe('4');
    expect(residentIdProblem('440524188001010014', TODAY)).toBe('birthDate');
  });
  it('computes X for a remainder of 2', () => {
    expect(residentIdCheckChar('11010519491231002')).toBe('X');
    expect(residentIdCheckChar('1101051949123100')).toBeNull();
    expect(residentIdCheckChar('1101051949123100A')).toBeNull();
  });
  it('finds every wrong check character', () => {
    for (const id of VALID) {
      for (const c of '0123456789X') {
        if (c !== id[17]) expect(residentIdProblem(id.slice(0, 17) + c, TODAY)).toBe('checkDigit');
      }
    }
  });
  it('finds every single wrong digit and every swap of neighbours (those that keep a real birth date)', () => {
    for (const id of VALID) {
      const changed = [...singleDigitChanges(id, 17), ...adjacentSwaps(id, 17)];
      for (const other of changed) expect(isResidentId(other, TODAY)).toBe(false);
      // The check digit, not only the region or date rules, catches them.
      for (const other of changed) {
        expect(residentIdCheckChar(other.slice(0, 17)) === other[17]).toBe(false);
      }
    }
  });
  it('refuses a wrong form: length, letters, lower-case x (schemas upper-case first)', () => {
    for (const id of ['11010519491231002', '11010519491231002X1', '1101051949123100XX', '11010519491231002x']) {
      expect(residentIdProblem(id, TODAY)).toBe('format');
    }
    expect(residentIdProblem(' 11010519491231002X', TODAY)).toBe('format');
  });
  it('refuses region codes of no province', () => {
    for (const prefix of [
      '00',
      '10',
      '16',
      '20',
      '24',
      '30',
      '38',
      '47',
      '55',
      '60',
      '66',
      '70',
      '72',
      '80',
      '84',
      '91',
      '99',
    ]) {
      const first17 = prefix + '0105' + '19900307' + '123';
      expect(residentIdProblem(first17 + residentIdCheckChar(first17), TODAY)).toBe('region');
    }
    for (const prefix of RESIDENT_ID_PROVINCES) {
      const first17 = prefix + '0105' + '19900307' + '123';
      expect(residentIdProblem(first17 + residentIdCheckChar(first17), TODAY)).toBeNull();
    }
  });
  it('needs a real birth date from 1900 up to today', () => {
    const withBirth = (yyyymmdd: string) => {
      const first17 = '110105' + yyyymmdd + '123';
      return first17 + residentIdCheckChar(first17);
    };
    expect(residentIdBirthDate(withBirth('19900307'))).toBe('1990-03-07');
    for (const ok of ['19000101', '20000229', '20260501']) expect(residentIdProblem(withBirth(ok), TODAY)).toBeNull();
    for (const bad of ['18991231', '20010229', '19900230', '19901301', '19900000', '20260502', '30000101']) {
      expect(residentIdProblem(withBirth(bad), TODAY)).toBe('birthDate');
    }
  });
  it("judges the future against China's today by default", () => {
    const first17 = '110105' + chinaToday().replace(/-/g, '') + '123';
    expect(isResidentId(first17 + residentIdCheckChar(first17))).toBe(true);
  });
});

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts a code whose 18th character is its check character', () => {
    // 91350100M000100Y43 is a published example code of GB 32100-2015.
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
  });
  it('refuses a wrong check character, a wrong length and letters the standard excludes', () => {
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100M000100Y430')).toBe(false);
    for (const letter of 'IOSVZ') expect(isCreditCode(`91350100M000100${letter}43`)).toBe(false);
    expect(isCreditCode('91350100m000100y43')).toBe(false);
    expect(creditCodeCheckChar('91350100M000100Y')).toBeNull();
    expect(creditCodeCheckChar('91350100M000100I4')).toBeNull();
  });
  it('finds every wrong check character', () => {
    for (const c of '0123456789ABCDEFGHJKLMNPQRTUWXY') {
      if (c !== '3') expect(isCreditCode(`91350100M000100Y4${c}`)).toBe(false);
    }
  });
  it('tells an individual business by its 92 prefix', () => {
    const first17 = '92350100M000100Y4';
    const code = first17 + creditCodeCheckChar(first17);
    expect(isCreditCode(code)).toBe(true);
    expect(isIndividualBusinessCreditCode(code)).toBe(true);
    expect(isIndividualBusinessCreditCode('91350100M000100Y43')).toBe(false);
  });
});

describe('bank card numbers (Luhn)', () => {
  // Published test card numbers and numbers whose check digits were computed by a separate program.
  const VALID = ['4111111111111111', '5500000000000004', '6011111111111117', '6222021234567890128', '621483012345671'];

  it('accepts numbers of 12 to 19 digits whose last digit is the Luhn digit', () => {
    for (const n of VALID) {
      expect(bankCardProblem(n)).toBeNull();
      expect(luhnCheckDigit(n.slice(0, -1))).toBe(n.slice(-1));
    }
    for (let length = 12; length <= 19; length++) {
      const payload = '6'.padEnd(length - 1, '2');
      expect(isBankCardNumber(payload + luhnCheckDigit(payload))).toBe(true);
    }
  });
  it('refuses fewer than 12 or more than 19 digits, and anything but digits', () => {
    const short = '62148301234';
    expect(isLuhn(short + luhnCheckDigit(short))).toBe(true);
    expect(bankCardProblem(short.slice(0, -1) + luhnCheckDigit(short.slice(0, -1)))).toBe('format');
    const long = '6222021234567890123';
    expect(bankCardProblem(long + luhnCheckDigit(long))).toBe('format');
    for (const n of ['6222 0212 3456 7890 128', '6222-0212-3456-7890-128', '622202123456789012a', '']) {
      expect(bankCardProblem(n)).toBe('format');
    }
    expect(luhnCheckDigit('12a')).toBeNull();
    expect(isLuhn('0')).toBe(false);
  });
  it('finds every wrong check digit and every single wrong digit', () => {
    for (const n of VALID) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) !== n.slice(-1)) expect(bankCardProblem(n.slice(0, -1) + d)).toBe('checkDigit');
      }
      for (const other of singleDigitChanges(n, n.length - 1)) expect(bankCardProblem(other)).toBe('checkDigit');
    }
  });
  it('finds swaps of neighbours, except 09 <-> 90 which Luhn cannot see', () => {
    for (const n of VALID) {
      for (const other of adjacentSwaps(n, n.length)) {
        const i = [...other].findIndex((c, k) => c !== n[k]);
        const pair = n.slice(i, i + 2);
        expect(isLuhn(other)).toBe(pair === '09' || pair === '90');
      }
    }
    expect(isLuhn('4111111111111111')).toBe(true);
  });
});
