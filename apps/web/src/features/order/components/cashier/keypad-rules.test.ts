import { describe, expect, it } from 'vitest';
import { fenOf, keyOfKeyboard, payableFen, pressKey, type KeypadKey } from './keypad-rules';

const type = (keys: string, from = '') =>
  [...keys].reduce((text, k) => pressKey(text, (k === '<' ? 'back' : k) as KeypadKey), from);

describe('the cashier keypad', () => {
  it('takes digits and one decimal point, at most two decimals', () => {
    expect(type('12.34')).toBe('12.34');
    expect(type('12.345')).toBe('12.34');
    expect(type('1.2.3')).toBe('1.23');
    expect(type('12..5')).toBe('12.5');
  });

  it('never shows a leading zero; a point first reads as "0."', () => {
    expect(type('0')).toBe('0');
    expect(type('00')).toBe('0');
    expect(type('05')).toBe('5');
    expect(type('.5')).toBe('0.5');
    expect(type('0.05')).toBe('0.05');
  });

  it('never goes above ¥500,000.00: the key that would is ignored', () => {
    expect(type('500000')).toBe('500000');
    expect(type('5000001')).toBe('500000');
    expect(type('500000.01')).toBe('500000.0');
    expect(type('500001')).toBe('50000');
    expect(type('499999.99')).toBe('499999.99');
  });

  it('delete takes the last character back', () => {
    expect(type('12.3<')).toBe('12.');
    expect(type('12.3<<')).toBe('12');
    expect(type('<')).toBe('');
  });

  it('pays ¥0.01 to ¥500,000.00 only; "12." reads as 12', () => {
    expect(payableFen('')).toBeNull();
    expect(payableFen('0')).toBeNull();
    expect(payableFen('0.0')).toBeNull();
    expect(payableFen('0.00')).toBeNull();
    expect(payableFen('0.01')).toBe(1);
    expect(payableFen('12.')).toBe(1200);
    expect(fenOf('12.3')).toBe(1230);
    expect(payableFen('500000')).toBe(50_000_000);
    expect(payableFen('500000.01')).toBeNull();
  });

  it('a hardware keyboard types on it too', () => {
    expect(keyOfKeyboard('7')).toBe('7');
    expect(keyOfKeyboard('.')).toBe('.');
    expect(keyOfKeyboard('Backspace')).toBe('back');
    expect(keyOfKeyboard('a')).toBeNull();
    expect(keyOfKeyboard('Enter')).toBeNull();
  });
});
