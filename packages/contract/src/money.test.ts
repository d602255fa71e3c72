import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideHalfUp, feeOf, feeRefundOf, formatFen, parseYuan } from './money.ts';

describe('money', () => {
  it('fee = amount × rate in tenths of ‰, half-up to the fen', () => {
    expect(feeOf(10_000, 38)).toBe(38);
    expect(feeOf(131, 38)).toBe(0); // 0.4978
    expect(feeOf(132, 38)).toBe(1); // 0.5016
    expect(feeOf(1_250, 4)).toBe(1); // exactly 0.5 rounds up
    expect(feeOf(1, 0)).toBe(0);
  });

  it('half-up division matches the exact rational for any integers', () => {
    fc.assert(
      fc.property(fc.nat(1e12), fc.integer({ min: 1, max: 1e6 }), (a, b) => {
        const q = divideHalfUp(a, b);
        // q - 1/2 <= a/b < q + 1/2, in integers
        expect(2 * a >= (2 * q - 1) * b && 2 * a < (2 * q + 1) * b).toBe(true);
      }),
    );
  });

  it('pro-rata fee refunds over any sequence, failures included, give back the whole fee at full refund, never more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 0, max: 99 }),
        fc.array(fc.record({ part: fc.integer({ min: 1, max: 1_000_000 }), fails: fc.boolean() }), {
          minLength: 1,
          maxLength: 12,
        }),
        (amountFen, rate, steps) => {
          const order = { amountFen, feeFen: feeOf(amountFen, rate) };
          const live = { refundedFen: 0, feeRefundedFen: 0 };
          for (const { part, fails } of steps) {
            const refund = Math.min(part, amountFen - live.refundedFen);
            if (refund === 0) break;
            const back = feeRefundOf(order, live, refund);
            expect(back).toBeGreaterThanOrEqual(0);
            live.refundedFen += refund;
            live.feeRefundedFen += back;
            expect(live.feeRefundedFen).toBeLessThanOrEqual(order.feeFen);
            if (fails) {
              live.refundedFen -= refund;
              live.feeRefundedFen -= back;
            }
          }
          const rest = amountFen - live.refundedFen;
          if (rest > 0) live.feeRefundedFen += feeRefundOf(order, live, rest);
          expect(live.feeRefundedFen).toBe(order.feeFen);
        },
      ),
    );
  });

  it('refuses a refund beyond the amount', () => {
    expect(() => feeRefundOf({ amountFen: 100, feeFen: 1 }, { refundedFen: 60, feeRefundedFen: 0 }, 41)).toThrow(
      RangeError,
    );
  });

  it('formats and parses yuan', () => {
    expect(formatFen(123_456_789)).toBe('1,234,567.89');
    expect(formatFen(-5)).toBe('-0.05');
    expect(parseYuan('12.3')).toBe(1230);
    expect(parseYuan('0.05')).toBe(5);
    expect(parseYuan('1.234')).toBeNull();
    expect(parseYuan('-1')).toBeNull();
    fc.assert(
      fc.property(fc.nat(99_999_999_999), (fen) => {
        expect(parseYuan(formatFen(fen).replaceAll(',', ''))).toBe(fen);
      }),
    );
  });
});
