/**
 * Identity numbers with check digits, as pure functions without zod, so that a page can check a field without
 * downloading zod (see apps/web/src/lib/rules.ts); validation.ts builds the zod schemas on top of them.
 */

/**
 * China mainland has one time zone (UTC+8) and no daylight saving: an identity number's dates are China's whatever
 * zone the business days are counted in (MCHWEB_TZ, time-zone.ts).
 */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Today's date in China (Asia/Shanghai) as YYYY-MM-DD. */
export function chinaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` naming a day that exists (no 2026-02-29, no 2026-04-31), years 1000 to 9999. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1000) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// ---------------------------------------------------------------------------------------------------------------
// Unified social credit code (GB 32100-2015): 18 characters from a 31-character alphabet (no I, O, S, V, Z),
// the 18th a check character. The first two say who registered it: 91 an enterprise, 92 an individual business.

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Check digit of a unified social credit code (GB 32100-2015) from its first 17 characters. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CHARS.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * CREDIT_WEIGHTS[i]!;
  }
  return CREDIT_CHARS[(31 - (sum % 31)) % 31]!;
}

export function isCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NP-RTUW-Y]{18}$/.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

/** The code of an individual business (个体工商户): registered by market regulation (9), category 2. */
export function isIndividualBusinessCreditCode(code: string): boolean {
  return code.startsWith('92');
}

// ---------------------------------------------------------------------------------------------------------------
// Resident identity card number (GB 11643-1999): 6-digit region, 8-digit birth date YYYYMMDD, 3-digit sequence,
// and a check character by ISO 7064 MOD 11-2 (0-9 or X for 10). The residence permits of Hong Kong, Macao and
// Taiwan residents (regions 81, 82, 83) have the same form.

const RESIDENT_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const RESIDENT_ID_CHECK_CHARS = '10X98765432';
/** First two digits of the region code: the provinces (GB/T 2260) and 81-83 for the residence permits. */
export const RESIDENT_ID_PROVINCES: readonly string[] = [
  ...['11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37'],
  ...['41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65'],
  ...['71', '81', '82', '83'],
];

/** Check character (0-9 or X) of a resident ID number from its first 17 digits; null when they are not 17 digits. */
export function residentIdCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * RESIDENT_ID_WEIGHTS[i]!;
  return RESIDENT_ID_CHECK_CHARS[sum % 11]!;
}

/** The birth date an 18-character resident ID number carries, as YYYY-MM-DD (whether or not it is a real day). */
export function residentIdBirthDate(id: string): string {
  return `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
}

export type ResidentIdProblem = 'format' | 'region' | 'birthDate' | 'checkDigit';

/**
 * What is wrong with a resident ID number, or null when nothing is. Upper-case X only (schemas upper-case first).
 * The birth date must be a real day from 1900-01-01 to `today` (China's date, YYYY-MM-DD).
 */
export function residentIdProblem(id: string, today: string = chinaToday()): ResidentIdProblem | null {
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  if (!RESIDENT_ID_PROVINCES.includes(id.slice(0, 2))) return 'region';
  const birth = residentIdBirthDate(id);
  if (!isCalendarDate(birth) || birth < '1900-01-01' || birth > today) return 'birthDate';
  if (residentIdCheckChar(id.slice(0, 17)) !== id[17]) return 'checkDigit';
  return null;
}

export function isResidentId(id: string, today?: string): boolean {
  return residentIdProblem(id, today) === null;
}

// ---------------------------------------------------------------------------------------------------------------
// Bank card numbers (ISO/IEC 7812): 12 to 19 digits, the last a Luhn check digit. Personal debit cards of
// mainland banks (UnionPay 62..., and Visa/Mastercard co-brands) carry it; enterprise (corporate, 对公) account
// numbers are the bank's own ledger numbers and often fail Luhn, so only PERSONAL settlement accounts are checked.

/** The Luhn check digit to append to `payload` (digits only; null otherwise). */
export function luhnCheckDigit(payload: string): string | null {
  if (!/^\d+$/.test(payload)) return null;
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    // Doubling starts at the rightmost payload digit (the check digit will sit to its right).
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** True when the last digit of `digits` is the Luhn check digit of the others. */
export function isLuhn(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === digits.slice(-1);
}

export type BankCardProblem = 'format' | 'checkDigit';

/** What is wrong with a personal bank card number (12-19 digits, Luhn), or null. */
export function bankCardProblem(number: string): BankCardProblem | null {
  if (!/^\d{12,19}$/.test(number)) return 'format';
  return isLuhn(number) ? null : 'checkDigit';
}

export function isBankCardNumber(number: string): boolean {
  return bankCardProblem(number) === null;
}
