import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { MAX_FAILURES_PER_ACCOUNT } from '../src/modules/auth/auth.service.ts';
import { MAX_TRIES } from '../src/modules/sms/index.ts';
import { smsCodes, smsOutbox } from '../src/modules/sms/sms.tables.ts';
import { createTestApp, type TestApp } from './harness.ts';

// Issue 25.5: attempt limits must hold when the tries arrive together, not only one after another. Each test
// fires its tries at once and counts how many were checked (answered "wrong") rather than refused up front.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('attempt limits under concurrent tries', () => {
  it(`25 concurrent wrong sign-ins of one account: at most ${MAX_FAILURES_PER_ACCOUNT} are checked`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.client().post(
          '/api/merchant/login',
          { account: '13800138001', password: 'wrong' },
          {
            remoteAddress: `10.25.5.${i + 1}`,
          },
        ),
      ),
    );
    const checked = answers.filter((a) => a.body.code === 400);
    const refused = answers.filter((a) => a.body.code === 429);
    expect(checked).toHaveLength(MAX_FAILURES_PER_ACCOUNT);
    expect(refused).toHaveLength(25 - MAX_FAILURES_PER_ACCOUNT);
  });

  it(`10 concurrent wrong current passwords: at most ${MAX_FAILURES_PER_ACCOUNT} are checked`, async () => {
    const finance = await t.signIn('13800138002');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        finance.post('/api/merchant/user/changePassword', { oldPassword: 'Wrong12345', newPassword: 'New@2026abc' }),
      ),
    );
    const checked = answers.filter((a) => a.body.code === 400);
    expect(checked.length).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT);
    expect(answers.filter((a) => a.body.code === 429)).toHaveLength(10 - checked.length);
    expect(checked.length).toBeGreaterThan(0);
  });

  it(`16 concurrent guesses of one SMS code: at most ${MAX_TRIES} are compared, then even the right one fails`, async () => {
    const mobile = '13925000005';
    expect((await t.client().post('/api/merchant/sms/send', { mobile, scene: 'register' })).body.code).toBe(200);
    const register = (smsCode: string) =>
      t.client().post('/api/merchant/register', { mobile, smsCode, password: 'Jade-garden-4521', agreed: true });
    const [sent] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.mobile, mobile))
      .orderBy(desc(smsOutbox.id));
    const right = /\b(\d{6})\b/.exec(sent!.text)![1]!;
    const wrong = right === '000000' ? '000001' : '000000';
    const answers = await Promise.all(Array.from({ length: 16 }, () => register(wrong)));
    const [after] = await t.database.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
    expect(after!.attempts).toBe(MAX_TRIES);
    expect(answers.filter((a) => /tr(y|ies) left/.test(a.body.msg))).toHaveLength(MAX_TRIES - 1);
    expect(answers.every((a) => a.body.code === 400)).toBe(true);
    expect((await register(right)).body.msg).toBe('smsCode: too many wrong tries; request a new code');
  });
});
