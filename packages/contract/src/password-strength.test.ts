import { describe, expect, it } from 'vitest';
import { judgePassword, PASSWORD_MIN_SCORE } from './password-strength.ts';

describe('issue 14.7 password strength', () => {
  it.each([
    ['password1', 'common'],
    ['qwerty123', 'common'],
    ['aaaaaaa1', 'simpleRepeat'],
    ['abcd1234', 'common'],
    ['Passw0rd!', 'similarToCommon'],
  ])('refuses %s (%s)', async (password, weakness) => {
    const verdict = await judgePassword(password);
    expect(verdict).toMatchObject({ ok: false, weakness });
    expect(verdict.score).toBeLessThan(PASSWORD_MIN_SCORE);
  });

  it('refuses a password holding the mobile number, its last 8 digits, the username or the name', async () => {
    for (const password of ['a13800138000x', 'Zz00138000!x', 'my-Wangfang-2026!', 'demo-Coffee#2026']) {
      expect(await judgePassword(password, ['13800138000', 'demo', 'wangfang'])).toMatchObject({
        ok: false,
        weakness: 'containsPersonal',
      });
    }
  });

  it('accepts passwords that are hard to guess', async () => {
    for (const password of ['Str0ng-first-owner', 'mchweb-Coffee-2026', 'Leaky7Password', 'N3w-pass1']) {
      expect((await judgePassword(password, ['13800138000'])).ok, password).toBe(true);
    }
  });
});
