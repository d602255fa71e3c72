import { z } from 'zod';

/** China mainland mobile number. */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
export const mobile = z.string().trim().regex(MOBILE_RE, 'must be a mainland China mobile number of 11 digits');
export const smsCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'must be the 6-digit code from the SMS');
/** At least 8 characters with letters and digits. */
export const password = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(64, 'must be at most 64 characters')
  .regex(/[A-Za-z]/, 'must contain a letter')
  .regex(/\d/, 'must contain a digit');

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** Check digit of a unified social credit code (GB 32100-2015) from its first 17 characters. */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CHARS.indexOf(first17[i] ?? '');
    if (value < 0) return null;
    sum += value * CREDIT_WEIGHTS[i]!;
  }
  return CREDIT_CHARS[(31 - (sum % 31)) % 31]!;
}

export function isCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NP-RTUW-Y]{18}$/.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

export const creditCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCreditCode, 'must be an 18-character unified social credit code with a valid check digit');
