/**
 * Fee rates. A rate is per-mille (‰) with at most one decimal, from 0 to 9.9: the seed's `twodigit` input.
 *
 * Wire form: a JSON number (`3.8` means 3.8 ‰ = 0.38 %), in requests and answers alike.
 * Money math: integer tenths of a per-mille (`rateToTenths(3.8) === 38`), never the float:
 * fee fen = amountFen × rateTenths / 10 000, rounded half-up to the fen (the ledger computes it).
 */

export const RATE_MAX = 9.9;
export const RATE_TENTHS_MAX = 99;
/** The text of a rate as typed: "0", "6", "3.8", "9.9" (at most 3 characters, like the `twodigit` input). */
export const RATE_TEXT_RE = /^\d(?:\.\d)?$/;

/** True when `value` is a finite number with at most one decimal (3.8 yes, 3.85 no; 0.1 + 0.2 counts as 0.3). */
export function hasAtMostOneDecimal(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-6;
}

/** A valid rate: 0 to 9.9 ‰ with at most one decimal. */
export function isRate(value: number): boolean {
  return hasAtMostOneDecimal(value) && value >= 0 && Math.round(value * 10) <= RATE_TENTHS_MAX;
}

/** 3.8 ‰ -> 38. Throws a RangeError for anything `isRate` refuses. */
export function rateToTenths(rate: number): number {
  if (!isRate(rate)) throw new RangeError(`not a rate: ${rate}`);
  return Math.round(rate * 10);
}

/** 38 -> 3.8 ‰. Throws a RangeError unless `tenths` is an integer from 0 to 99. */
export function rateFromTenths(tenths: number): number {
  if (!Number.isInteger(tenths) || tenths < 0 || tenths > RATE_TENTHS_MAX) {
    throw new RangeError(`not a rate in tenths of a per-mille: ${tenths}`);
  }
  return tenths / 10;
}

/** "3.8" -> 3.8; null for text that is not a rate (empty, "10", "3.85", "abc"). */
export function parseRateText(text: string): number | null {
  const trimmed = text.trim();
  if (!RATE_TEXT_RE.test(trimmed)) return null;
  const value = Number(trimmed);
  return isRate(value) ? value : null;
}
