/**
 * Money: integer fen (1/100 yuan) end to end, never a float. The one place the fee and refund rules live, so the
 * server's ledger, the web's previews and the tests agree to the fen.
 */

/** The largest single payment the cashier takes: ¥500,000.00 (the channels' usual per-payment ceiling). */
export const AMOUNT_MAX_FEN = 50_000_000;

/** `a / b` rounded half-up, for non-negative integers (`b` > 0): exact in integers, no float in between. */
export function divideHalfUp(a: number, b: number): number {
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 0 || b <= 0) {
    throw new RangeError(`divideHalfUp needs non-negative integers and a positive divisor: ${a} / ${b}`);
  }
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * The fee of a payment: amount × rate, the rate in tenths of a per-mille (3.8 ‰ = 38), rounded half-up to the fen.
 * ¥100.00 at 3.8 ‰ = 38 fen; ¥1.31 at 3.8 ‰ = 0.4978 fen -> 0 fen; ¥1.32 -> 0.5016 -> 1 fen.
 */
export function feeOf(amountFen: number, rateTenths: number): number {
  return divideHalfUp(amountFen * rateTenths, 10_000);
}

/**
 * The fee given back with a refund, pro rata: after it, the fee given back in all is `fee × refunded / amount`
 * rounded half-up, where "refunded" and "given back" count every refund not failed (this one included). It is
 * worked out from what earlier refunds actually gave back, so a failed refund in between is corrected by the next
 * one; it is never negative and never takes the total past the whole fee. A full refund, in one step or many,
 * gives back exactly the whole fee.
 */
export function feeRefundOf(
  order: { amountFen: number; feeFen: number },
  before: { refundedFen: number; feeRefundedFen: number },
  refundFen: number,
): number {
  const refundedAfter = before.refundedFen + refundFen;
  if (refundFen <= 0 || refundedAfter > order.amountFen) throw new RangeError('refund out of range');
  const due = divideHalfUp(order.feeFen * refundedAfter, order.amountFen) - before.feeRefundedFen;
  return Math.min(Math.max(due, 0), order.feeFen - before.feeRefundedFen);
}

/** 123456 -> "1,234.56"; -5 -> "-0.05". The yuan sign is the caller's (`¥${formatFen(x)}`). */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.30" or "12.3" or "12" -> 1230; null for anything else (more than two decimals, signs, letters, too big). */
export function parseYuan(text: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}
