import { describe, expect, it } from 'vitest';
import { bankCardCheck, groupedCard } from './bank-card';

const messages = { required: 'required', format: 'format', check: 'check' };
const check = (value: string) =>
  bankCardCheck(messages)(null, value).then(
    () => null,
    (e: Error) => e.message,
  );

describe('bank card fields', () => {
  it('group a card number in fours as it is typed', () => {
    expect(groupedCard('6222021234567890')).toBe('6222 0212 3456 7890');
    expect(groupedCard('6222 02-1')).toBe('6222 021');
    expect(groupedCard('62220212345678901234')).toBe('6222 0212 3456 7890 123');
  });

  it('check the length and the Luhn digit, spaces allowed', async () => {
    expect(await check('6222 0212 3456 7890 3')).toBeNull();
    expect(await check('6222 0212 3456 7891')).toBe('check');
    expect(await check('6222 02')).toBe('format');
    expect(await check('')).toBeNull(); // the required rule speaks for an empty field
  });
});
