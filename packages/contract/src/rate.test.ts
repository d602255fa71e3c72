import { describe, expect, it } from 'vitest';
import {
  hasAtMostOneDecimal,
  isRate,
  parseRateText,
  RATE_MAX,
  RATE_TENTHS_MAX,
  rateFromTenths,
  rateToTenths,
} from './rate.ts';

describe('rates in per-mille', () => {
  it('accepts 0 to 9.9 with at most one decimal', () => {
    for (const r of [0, 0.1, 0.6, 1, 3.8, 6, 9.9, RATE_MAX]) expect(isRate(r)).toBe(true);
    expect(isRate(0.1 + 0.2)).toBe(true);
  });
  it('refuses more decimals, negatives, 10 and above, and non-numbers', () => {
    for (const r of [0.05, 3.85, 9.99, -0.1, -1, 10, 9.95, 100, Number.NaN, Infinity, -Infinity]) {
      expect(isRate(r)).toBe(false);
    }
    expect(hasAtMostOneDecimal(12.3)).toBe(true);
    expect(hasAtMostOneDecimal(1.23)).toBe(false);
  });
  it('converts to integer tenths and back for every rate', () => {
    for (let tenths = 0; tenths <= RATE_TENTHS_MAX; tenths++) {
      const rate = rateFromTenths(tenths);
      expect(isRate(rate)).toBe(true);
      expect(rateToTenths(rate)).toBe(tenths);
      expect(String(rate)).toMatch(/^\d(\.\d)?$/);
    }
    expect(rateToTenths(3.8)).toBe(38);
    expect(rateToTenths(0.1 + 0.2)).toBe(3);
    expect(rateFromTenths(6)).toBe(0.6);
  });
  it('throws on values that are not rates', () => {
    expect(() => rateToTenths(3.85)).toThrow(RangeError);
    expect(() => rateToTenths(10)).toThrow(RangeError);
    expect(() => rateFromTenths(100)).toThrow(RangeError);
    expect(() => rateFromTenths(-1)).toThrow(RangeError);
    expect(() => rateFromTenths(3.5)).toThrow(RangeError);
  });
  it('reads the text of the twodigit input', () => {
    expect(parseRateText('3.8')).toBe(3.8);
    expect(parseRateText(' 0 ')).toBe(0);
    expect(parseRateText('9.9')).toBe(9.9);
    for (const t of ['', '10', '3.85', '.5', '5.', 'abc', '３.８', '-1', '1e0']) expect(parseRateText(t)).toBeNull();
  });
});
