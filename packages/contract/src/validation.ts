import { z } from 'zod';
import {
  bankCardProblem,
  chinaToday,
  isCalendarDate,
  isCreditCode,
  residentIdProblem,
  type BankCardProblem,
  type ResidentIdProblem,
} from './id-checks.ts';
import { hasAtMostOneDecimal, RATE_MAX } from './rate.ts';

/**
 * Most of the database's ids are 32-bit (PostgreSQL `integer`): every such id a caller sends is checked here, so a
 * larger one is refused beside its field, rather than by the database ('a number is out of range', naming no
 * field) or answered "not found".
 */
export const ID_MAX = 2_147_483_647;
/** An id in a JSON body (`memberId`, `merchantIds[i]`, ...). */
export const id = z.number().int().positive().max(ID_MAX);
/** An id in a query string (`?companyId=12`). */
export const queryId = z.coerce.number().int().positive().max(ID_MAX);
/**
 * The id of a row of a `bigint` table (webhook deliveries): zod's `int()` already stops at 2^53 - 1, the most a
 * JavaScript number holds exactly, which PostgreSQL's `bigint` holds too. 32 bits would refuse real rows.
 */
export const BIG_ID_MAX = Number.MAX_SAFE_INTEGER;
export const bigId = z.number().int().positive();
export const bigQueryId = z.coerce.number().int().positive();

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

export const creditCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCreditCode, 'must be an 18-character unified social credit code with a valid check digit');

/** A day as `YYYY-MM-DD` that exists on the calendar. */
export const calendarDate = z.string().trim().refine(isCalendarDate, 'must be a real date as YYYY-MM-DD');

/** A point in time as ISO 8601 with offset (`2026-05-01T09:30:00+08:00` or `...Z`): every time in an answer. */
export const instant = z.iso.datetime({ offset: true });

/**
 * A list filter's bound: a day (`2026-05-01`, read as that day in Asia/Shanghai: the start of the day for a
 * `...From`, the whole day included for a `...To`) or an instant as ISO 8601 with offset.
 */
export const dateOrInstant = z.union([calendarDate, instant], {
  error: 'must be a date as YYYY-MM-DD or a time as ISO 8601 with offset',
});

export const RESIDENT_ID_MESSAGES: Record<ResidentIdProblem, string> = {
  format: 'must be 18 characters: 17 digits and a digit or X',
  region: 'must start with a mainland China region code',
  birthDate: 'must carry a real birth date that is not in the future',
  checkDigit: 'check digit is wrong',
};

/** Chinese resident identity card number (GB 11643-1999): lower-case x is accepted and upper-cased. */
export const residentIdNumber = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = residentIdProblem(value, chinaToday());
    if (problem) ctx.addIssue({ code: 'custom', message: RESIDENT_ID_MESSAGES[problem] });
  });

export const BANK_CARD_MESSAGES: Record<BankCardProblem, string> = {
  format: 'must be a bank card number of 12 to 19 digits',
  checkDigit: 'check digit is wrong',
};

/**
 * Spaces and hyphens people type or paste into account numbers ("6222 0212 ...") are removed. An `overwrite`, not
 * a `transform`: the type stays a string both ways, so an answer that carries the number (an application's
 * detail) can be encoded by the server's response serializer (a transform cannot be encoded back).
 */
const withoutSeparators = (value: string) => value.replace(/[\s-]/g, '');

/**
 * A settlement account number: 8 to 32 digits (spaces and hyphens removed). Corporate account numbers are the
 * bank's own and carry no check digit; a personal account is a debit card, checked by `bankCardNumber`.
 */
export const bankAccountNumber = z
  .string()
  .overwrite(withoutSeparators)
  .regex(/^\d{8,32}$/, 'must be 8 to 32 digits');

/** A personal bank card number: 12 to 19 digits with a Luhn check digit (spaces and hyphens removed). */
export const bankCardNumber = z
  .string()
  .overwrite(withoutSeparators)
  .superRefine((value, ctx) => {
    const problem = bankCardProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: BANK_CARD_MESSAGES[problem] });
  });

/** A fee rate in per-mille (see rate.ts): a JSON number from 0 to 9.9 with at most one decimal. */
export const rate = z.number().min(0).max(RATE_MAX).refine(hasAtMostOneDecimal, 'must have at most one decimal');

/** A customer service phone: a mainland mobile, a landline with area code, a 400/800 number or a 95xxx line. */
export const SERVICE_PHONE_RE = /^(?:1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|[48]00-?\d{3}-?\d{4}|95\d{3,6})$/;
export const servicePhone = z
  .string()
  .trim()
  .regex(SERVICE_PHONE_RE, 'must be a mobile number, a landline with area code, a 400/800 number or a 95 number');
