import { AMOUNT_MAX_FEN, parseYuan } from '@mchweb/contract/money';

/** A key of the amount keypad: a digit, the decimal point, backspace. */
export type KeypadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | 'back';
export const AMOUNT_MIN_FEN = 1;

/** "12." (a point typed, no decimals yet) reads as 12; "" as nothing. */
export function fenOf(text: string): number | null {
  return text === '' ? null : parseYuan(text.endsWith('.') ? text.slice(0, -1) : text);
}

/**
 * The amount as typed after one more key. A key that would break a rule changes nothing: one decimal point, at
 * most two decimals, no leading zeros ("0" then "5" is "5"; "." first is "0."), never above ¥500,000.00.
 */
export function pressKey(text: string, key: KeypadKey): string {
  if (key === 'back') return text.slice(0, -1);
  if (key === '.') {
    if (text.includes('.')) return text;
    return text === '' ? '0.' : `${text}.`;
  }
  const [, decimals] = text.split('.');
  if (decimals !== undefined && decimals.length >= 2) return text;
  const next = text === '0' ? key : text + key;
  const fen = fenOf(next);
  return fen !== null && fen <= AMOUNT_MAX_FEN ? next : text;
}

/** The amount in fen when it may be paid (¥0.01 to ¥500,000.00), else null. */
export function payableFen(text: string): number | null {
  const fen = fenOf(text);
  return fen !== null && fen >= AMOUNT_MIN_FEN && fen <= AMOUNT_MAX_FEN ? fen : null;
}

/** A key pressed on a hardware keyboard, as a keypad key (or null). */
export function keyOfKeyboard(key: string): KeypadKey | null {
  if (/^[0-9]$/.test(key)) return key as KeypadKey;
  if (key === '.' || key === ',' || key === 'Decimal') return '.';
  if (key === 'Backspace' || key === 'Delete') return 'back';
  return null;
}
