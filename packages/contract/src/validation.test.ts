import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isCreditCode, password } from './validation.ts';

describe('unified social credit code', () => {
  it('accepts a code whose 18th character is its check digit', () => {
    // 91350100M000100Y43 is a published example code of GB 32100-2015.
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
  });
  it('refuses a wrong check digit, a wrong length and letters the standard excludes', () => {
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100M000100I43')).toBe(false);
  });
});

describe('password rule', () => {
  it('needs 8 characters with letters and digits', () => {
    expect(password.safeParse('Demo@2026').success).toBe(true);
    expect(password.safeParse('short1').error?.issues[0]?.message).toBe('must be at least 8 characters');
    expect(password.safeParse('lettersonly').error?.issues[0]?.message).toBe('must contain a digit');
    expect(password.safeParse('12345678').error?.issues[0]?.message).toBe('must contain a letter');
  });
});
