import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { smsCodes, smsOutbox } from '../src/modules/sms/sms.tables.ts';
import { createTestApp, type TestApp } from './harness.ts';

// One app for the file: every test uses its own mobile number, so they do not see each other's codes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => t.close());

/** Each mobile sends from its own address, so the per-address SMS limit (10 a minute) stays out of the way. */
const send = (mobile: string, scene = 'register', remoteAddress = `10.0.0.${Number(mobile.slice(-3)) % 250}`) =>
  t.client().post('/api/merchant/sms/send', { mobile, scene }, { remoteAddress });

/** The code in the newest outbox message to a mobile: what the user would read on the phone. */
async function lastCode(mobile: string): Promise<string> {
  const [row] = await t.database.db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(row?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${mobile}`);
  return code;
}

/** Pretend the newest code of a mobile was sent `ms` earlier (instead of sleeping). */
async function ageCode(mobile: string, ms: number) {
  const interval = sql.raw(`interval '${Math.round(ms)} milliseconds'`);
  await t.database.db
    .update(smsCodes)
    .set({ createdAt: sql`${smsCodes.createdAt} - ${interval}`, expiresAt: sql`${smsCodes.expiresAt} - ${interval}` })
    .where(and(eq(smsCodes.mobile, mobile)));
}

const register = (mobile: string, smsCode: string, password = 'Jade-garden-4521') =>
  t.client().post('/api/merchant/register', { mobile, smsCode, password, agreed: true });

describe('SMS verification codes', () => {
  it('the default sender puts the code in the sms_outbox table and the answer says 60 s / 5 min', async () => {
    const res = await send('13900000001');
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ code: 200, data: { resendAfterSeconds: 60, expiresInSeconds: 300 } });
    const rows = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, '13900000001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.scene).toBe('register');
    expect(rows[0]!.text).toMatch(/verification code .* is \d{6}\. It expires in 5 minutes/);
    // Only a hash of the code is kept next to the counters.
    const [stored] = await t.database.db.select().from(smsCodes).where(eq(smsCodes.mobile, '13900000001'));
    expect(stored!.codeHash).not.toContain(await lastCode('13900000001'));
  });

  it('a resend within 60 s is refused with how many seconds to wait; after 60 s it is sent', async () => {
    await send('13900000002');
    const again = await send('13900000002');
    expect(again.http).toBe(200);
    expect(again.body.code).toBe(429);
    const wait = Number(/request another in (\d+) s/.exec(again.body.msg)?.[1]);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);

    await ageCode('13900000002', 45_000);
    const stillEarly = await send('13900000002');
    expect(stillEarly.body.msg).toMatch(/request another in 1[0-5] s/);

    await ageCode('13900000002', 16_000);
    expect((await send('13900000002')).body.code).toBe(200);
    expect(await t.database.db.$count(smsOutbox, eq(smsOutbox.mobile, '13900000002'))).toBe(2);
  });

  it('the wait is per scene: a register code does not delay a resetPassword code', async () => {
    await send('13900000003', 'register');
    expect((await send('13900000003', 'resetPassword')).body.code).toBe(200);
  });

  it('a code works before 5 minutes and is used once', async () => {
    await send('13900000004');
    const code = await lastCode('13900000004');
    await ageCode('13900000004', 4 * 60_000 + 50_000);
    const res = await register('13900000004', code);
    expect(res.body).toMatchObject({ code: 200 });
    // The same code again is refused: it was used (and the answer does not say the mobile is now taken).
    expect((await register('13900000004', code)).body.msg).toMatch(/^smsCode: has expired or was never sent/);
  });

  it('a code expires after 5 minutes', async () => {
    await send('13900000005');
    const code = await lastCode('13900000005');
    await ageCode('13900000005', 5 * 60_000 + 1000);
    const res = await register('13900000005', code);
    expect(res.http).toBe(200);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toBe('smsCode: has expired or was never sent; request a new code');
  });

  it('a code never sent is refused with the same clear message', async () => {
    const res = await register('13900000006', '123456');
    expect(res.body).toMatchObject({ code: 400, msg: 'smsCode: has expired or was never sent; request a new code' });
  });

  it('a code dies after 5 wrong tries, even when the right one follows', async () => {
    await send('13900000007');
    const code = await lastCode('13900000007');
    const wrong = code === '000000' ? '111111' : '000000';
    const msgs: string[] = [];
    for (let i = 0; i < 5; i++) msgs.push((await register('13900000007', wrong)).body.msg);
    expect(msgs).toEqual([
      'smsCode: is wrong; 4 tries left',
      'smsCode: is wrong; 3 tries left',
      'smsCode: is wrong; 2 tries left',
      'smsCode: is wrong; 1 try left',
      'smsCode: too many wrong tries; request a new code',
    ]);
    const right = await register('13900000007', code);
    expect(right.body).toMatchObject({ code: 400, msg: 'smsCode: too many wrong tries; request a new code' });
  });

  it('bad mobile and scene name the field (and the per-address SMS limit answers code 429, not 500)', async () => {
    const badMobile = await send('12345');
    expect(badMobile.body).toMatchObject({
      code: 400,
      msg: 'body.mobile: must be a mainland China mobile number of 11 digits',
    });
    const badScene = await send('13900000008', 'party');
    expect(badScene.body.code).toBe(400);
    expect(badScene.body.msg).toMatch(/^body\.scene: .*register/);
    // An address may ask for 10 codes a minute; the 11th answers the envelope.
    let limited;
    for (let i = 0; i < 11 && !limited; i++) {
      const res = await send(`139000001${String(i).padStart(2, '0')}`, 'register', '10.0.1.1');
      if (res.body.code !== 200) limited = res;
    }
    expect(limited).toBeDefined();
    expect(limited?.http).toBe(200);
    expect(limited?.body).toMatchObject({ status: 200, code: 429, data: null });
    expect(limited?.body.msg).toMatch(/^Too many requests\. Try again in \d+ s\.$/);
  });
});
