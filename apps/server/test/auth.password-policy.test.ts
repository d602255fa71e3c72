import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { smsOutbox } from '../src/modules/sms/sms.tables.ts';
import { createTestApp, type TestApp } from './harness.ts';

/* Issue 14, item 7: common and guessable passwords are refused, saying why, in both languages. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { authRateLimitScale: 100 } });
});
afterAll(async () => t.close());

let n = 0;
async function register(password: string, language: 'en-US' | 'zh-CN' = 'en-US') {
  const mobile = `1370000${String(100 + n++).padStart(4, '0')}`;
  const client = t.client(undefined, language);
  await client.post('/api/merchant/sms/send', { mobile, scene: 'register' });
  const [row] = await t.database.db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const smsCode = /\b(\d{6})\b/.exec(row!.text)![1]!;
  return { mobile, res: await client.post('/api/merchant/register', { mobile, smsCode, password, agreed: true }) };
}

describe('issue 14.7 password policy', () => {
  it.each([
    ['password1', /one of the most common passwords/],
    ['qwerty123', /one of the most common passwords/],
    ['aaaaaaa1', /repeats characters/],
  ])('/register refuses %s and says why', async (password, why) => {
    const { res } = await register(password);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(/^password: is too easy to guess: /);
    expect(res.body.msg).toMatch(why);
  });

  it('/register refuses a password holding the mobile number, in Chinese too', async () => {
    const mobile = `13700009${String(n++).padStart(3, '0')}`;
    const client = t.client(undefined, 'zh-CN');
    await client.post('/api/merchant/sms/send', { mobile, scene: 'register' });
    const [row] = await t.database.db
      .select({ text: smsOutbox.text })
      .from(smsOutbox)
      .where(eq(smsOutbox.mobile, mobile))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    const smsCode = /\b(\d{6})\b/.exec(row!.text)![1]!;
    const res = await client.post('/api/merchant/register', {
      mobile,
      smsCode,
      password: `Ab#${mobile}`,
      agreed: true,
    });
    expect(res.body.msg).toMatch(/^password: 太容易被猜到：包含了您的手机号、用户名或姓名/);
  });

  it('a hard-to-guess password registers', async () => {
    expect((await register('Quiet-harbour-lantern-42')).res.body.code).toBe(200);
  });

  it('/user/changePassword refuses a new password holding the username, and a common one', async () => {
    const owner = await t.signIn('13800138000');
    const withName = await owner.post('/api/merchant/user/changePassword', {
      oldPassword: 'Demo@2026',
      newPassword: 'my-demo-Coffee#7',
    });
    expect(withName.body.msg).toMatch(
      /^newPassword: is too easy to guess: it contains your mobile number, username or name/,
    );
    const common = await owner.post('/api/merchant/user/changePassword', {
      oldPassword: 'Demo@2026',
      newPassword: 'password1',
    });
    expect(common.body.msg).toMatch(/^newPassword: is too easy to guess/);
  });
});
