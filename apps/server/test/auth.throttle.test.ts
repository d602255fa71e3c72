import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { loginFailures } from '../src/modules/auth/auth.tables.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const login = (account: string, password: string, remoteAddress: string) =>
  t.client().post<{ token: string }>('/api/merchant/login', { account, password }, { remoteAddress });

/** Pretend the recorded failures happened `ms` earlier. */
const ageFailures = (ms: number) =>
  t.database.db
    .update(loginFailures)
    .set({ at: sql`${loginFailures.at} - ${sql.raw(`interval '${ms} milliseconds'`)}` });

describe('sign-in throttling', () => {
  it('per account: 5 failures in 15 min pause the account, with when to try again; then it opens again', async () => {
    const msgs: string[] = [];
    // From different addresses: the count is the account's, not the address's.
    for (let i = 1; i <= 5; i++) msgs.push((await login('13800138001', 'wrong', `10.2.0.${i}`)).body.msg);
    expect(msgs.slice(0, 4)).toEqual([
      'Wrong account or password. 4 tries left before sign-in is paused.',
      'Wrong account or password. 3 tries left before sign-in is paused.',
      'Wrong account or password. 2 tries left before sign-in is paused.',
      'Wrong account or password. 1 try left before sign-in is paused.',
    ]);
    expect(msgs[4]).toBe('Wrong account or password. Sign-in is paused for 15 minutes.');

    // Even the right password is refused now, from any address.
    const paused = await login('13800138001', DEMO_PASSWORD, '10.2.0.9');
    expect(paused.http).toBe(200);
    expect(paused.body.code).toBe(429);
    expect(paused.body.msg).toMatch(
      /^Too many failed sign-ins for this account\. Try again in 15 min \(after \d\d:\d\d UTC\)\.$/,
    );
    // Another account is not affected.
    expect((await login('13800138002', DEMO_PASSWORD, '10.2.0.9')).body.code).toBe(200);

    await ageFailures(10 * 60_000);
    expect((await login('13800138001', DEMO_PASSWORD, '10.2.0.9')).body.msg).toMatch(/Try again in 5 min/);
    await ageFailures(5 * 60_000 + 1000);
    expect((await login('13800138001', DEMO_PASSWORD, '10.2.0.9')).body.code).toBe(200);
  });

  it("a successful sign-in clears the account's counter", async () => {
    for (let i = 0; i < 4; i++) await login('13800138003', 'wrong', '10.2.1.1');
    expect((await login('13800138003', DEMO_PASSWORD, '10.2.1.1')).body.code).toBe(200);
    expect(await t.database.db.$count(loginFailures, eq(loginFailures.account, 'user:4'))).toBe(0);
    expect((await login('13800138003', 'wrong', '10.2.1.1')).body.msg).toMatch(/4 tries left/);
  });

  it('per address: 20 failures in 15 min from one address pause sign-in from it, with when to try again', async () => {
    // Unknown accounts, four tries each: no account reaches its own limit.
    for (let i = 0; i < 20; i++) {
      const res = await login(`nobody${Math.floor(i / 4)}`, 'wrong', '10.2.2.2');
      expect(res.body.code).toBe(400);
    }
    const paused = await login('13800138000', DEMO_PASSWORD, '10.2.2.2');
    expect(paused.body.code).toBe(429);
    expect(paused.body.msg).toMatch(
      /^Too many failed sign-ins from your network\. Try again in 15 min \(after \d\d:\d\d UTC\)\.$/,
    );
    // The account itself is fine from elsewhere.
    expect((await login('13800138000', DEMO_PASSWORD, '10.2.2.3')).body.code).toBe(200);
  });

  it('issue 14.4 failures count per user, whatever spelling of the account was typed', async () => {
    // The owner signs in as `demo` or by mobile: 3 + 2 failures are the 5 of one person.
    for (let i = 0; i < 3; i++) await login('demo', 'wrong', `10.2.3.${i}`);
    const fourth = await login('13800138000', 'wrong', '10.2.3.9');
    expect(fourth.body.msg).toBe('Wrong account or password. 1 try left before sign-in is paused.');
    await login('demo', 'wrong', '10.2.3.10');
    const paused = await login('13800138000', DEMO_PASSWORD, '10.2.3.11');
    expect(paused.body.code).toBe(429);
    expect((await login('demo', DEMO_PASSWORD, '10.2.3.12')).body.code).toBe(429);
    await ageFailures(15 * 60_000 + 1000);
  });

  it('issue 14.4 wrong current passwords on /user/changePassword count with the failed sign-ins', async () => {
    const finance = await t.signIn('13800138002');
    const change = () =>
      finance.post('/api/merchant/user/changePassword', { oldPassword: 'Wrong12345', newPassword: 'New@2026abc' });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await change()).body.msg);
    expect(answers[0]).toBe('oldPassword: is wrong; 4 tries left before sign-in is paused');
    expect(answers[4]).toBe('oldPassword: is wrong; sign-in is paused for 15 minutes');
    // Paused now: neither another guess nor a sign-in with the right password goes through.
    expect((await change()).body.code).toBe(429);
    expect((await login('13800138002', DEMO_PASSWORD, '10.2.4.1')).body.code).toBe(429);
  });
});
