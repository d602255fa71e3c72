import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { BUILT_IN_ROLE_PERMISSIONS, type CurrentUserData, type Role, type StaffMember } from '@mchweb/contract';
import { sessions } from '../src/modules/session/session.tables.ts';
import { smsOutbox } from '../src/modules/sms/sms.tables.ts';
import { users } from '../src/modules/user/user.tables.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from './harness.ts';

// One app for the file; tests use their own accounts or their own sessions of the demo accounts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const me = '/api/merchant/user/getCurrentUser';
let nextAddress = 1;
/** Sign-ins from their own address, so the per-address sign-in limits stay out of the way. */
const from = () => ({ remoteAddress: `10.1.0.${nextAddress++}` });

async function registerWithCode(mobile: string, password: string) {
  const client = t.client();
  const sent = await client.post('/api/merchant/sms/send', { mobile, scene: 'register' }, from());
  expect(sent.body.code).toBe(200);
  const [row] = await t.database.db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const smsCode = /\b(\d{6})\b/.exec(row!.text)![1]!;
  return client.post<{ token: string; mchInfo: unknown[] }>(
    '/api/merchant/register',
    { mobile, smsCode, password, agreed: true },
    from(),
  );
}

async function signIn(account: string, password = DEMO_PASSWORD): Promise<TestClient> {
  const res = await t.client().post<{ token: string }>('/api/merchant/login', { account, password }, from());
  expect(res.body.msg).toBe('success');
  return t.client(res.body.data.token);
}

/** Move a session's clock: `field` becomes now minus `ms`. */
async function backdate(token: string, field: 'lastSeenAt' | 'createdAt' | 'expiresAt', ms: number) {
  const { hashToken } = await import('../src/modules/session/session.service.ts');
  await t.database.db
    .update(sessions)
    .set({ [field]: sql`now() - ${sql.raw(`interval '${ms} milliseconds'`)}` })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

describe('register', () => {
  it('S3.4 registering with the SMS code answers token and mchInfo, and the new account can sign in', async () => {
    const res = await registerWithCode('13700000001', 'Tea-house-9912');
    expect(res.body).toMatchObject({ status: 200, code: 200, msg: 'success', data: { mchInfo: [] } });
    const signedUp = t.client(res.body.data.token);
    const current = await signedUp.get<{ userInfo: { mobile: string; companyId: null } }>(me);
    expect(current.body.data.userInfo).toMatchObject({ mobile: '13700000001', companyId: null });
    await signIn('13700000001', 'Tea-house-9912');
  });

  it.each([
    ['abc123', 'body.password: must be at least 8 characters'],
    ['abcdefgh', 'body.password: must contain a digit'],
    ['12345678', 'body.password: must contain a letter'],
    ['abc', 'body.password: must be at least 8 characters, must contain a digit'],
  ])('password %s is refused: %s', async (password, msg) => {
    const res = await t
      .client()
      .post('/api/merchant/register', { mobile: '13700000002', smsCode: '123456', password, agreed: true }, from());
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: 200, code: 400, msg, message: msg, data: null });
  });

  it('issue 14.3 until the SMS code is right, a registered mobile is answered like a new one', async () => {
    const attempt = (mobile: string) =>
      t
        .client()
        .post(
          '/api/merchant/register',
          { mobile, smsCode: '123456', password: 'Tea-house-9912', agreed: true },
          from(),
        );
    const registered = await attempt('13800138000');
    const unknown = await attempt('13700000009');
    expect(registered.body).toEqual(unknown.body);
    expect(registered.body.msg).toMatch(/^smsCode: /);
  });

  it('a mobile already registered is refused with a clear message once its SMS code is right', async () => {
    const res = await registerWithCode('13800138001', 'Tea-house-9912');
    expect(res.body).toMatchObject({ code: 409, msg: 'mobile: is already registered; sign in instead' });
    // The right code is not used up by that answer: trying again (say, after switching the language) says the same.
    const [row] = await t.database.db
      .select({ text: smsOutbox.text })
      .from(smsOutbox)
      .where(eq(smsOutbox.mobile, '13800138001'))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    const smsCode = /\b(\d{6})\b/.exec(row!.text)![1]!;
    const again = await t
      .client()
      .post(
        '/api/merchant/register',
        { mobile: '13800138001', smsCode, password: 'Tea-house-9912', agreed: true },
        from(),
      );
    expect(again.body).toMatchObject({ code: 409, msg: 'mobile: is already registered; sign in instead' });
  });

  it('the agreements must be accepted', async () => {
    const res = await t
      .client()
      .post('/api/merchant/register', { mobile: '13700000003', smsCode: '123456', password: 'Tea-house-9912' }, from());
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(/^body\.agreed: /);
  });
});

describe('sign-in and sessions', () => {
  it('S7.2 login by mobile and by username; S6.1 the token header identifies the session', async () => {
    const byMobile = await signIn('13800138000');
    const byUsername = await signIn('demo');
    expect(byMobile.token).not.toBe(byUsername.token);
    for (const c of [byMobile, byUsername]) {
      expect((await c.get<{ userInfo: { mobile: string } }>(me)).body.data.userInfo.mobile).toBe('13800138000');
    }
  });

  it('S7.2 getCurrentUser answers data null without a token', async () => {
    const res = await t.client().get(me);
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ code: 200, data: null });
  });

  it('the raw token is not stored: sessions keep only its hash', async () => {
    const c = await signIn('13800138001');
    const rows = await t.database.db.execute(sql`select * from sessions`);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(c.token!);
    const { hashToken } = await import('../src/modules/session/session.service.ts');
    expect(dump).toContain(hashToken(c.token!));
  });

  it('S8.1 logout revokes the session: the same token then gets HTTP 401, code 401', async () => {
    const c = await signIn('13800138002');
    expect((await c.post('/api/merchant/logout')).body).toMatchObject({ code: 200, data: null });
    const after = await c.get(me, {});
    // getCurrentUser is public: an ended token is simply not signed in there.
    expect(after.body).toMatchObject({ code: 200, data: null });
    const again = await c.post('/api/merchant/logout');
    expect(again.http).toBe(401);
    expect(again.body).toMatchObject({ status: 401, code: 401 });
    expect(again.body.msg).toMatch(/sign-in has expired/);
  });

  it('a call that needs a session without a token gets HTTP 401 and "Please sign in."', async () => {
    const res = await t.client().post('/api/merchant/logout');
    expect(res.http).toBe(401);
    expect(res.body).toMatchObject({ status: 401, code: 401, msg: 'Please sign in.' });
  });

  it('idle expiry: a session unused for 2 h is over; used within 2 h it lives on', async () => {
    const c = await signIn('13800138003');
    await backdate(c.token!, 'lastSeenAt', 2 * 3600_000 - 60_000);
    expect((await c.get<{ userInfo: unknown }>(me)).body.data).not.toBeNull();
    // That call counted as use: the idle clock started again.
    const { hashToken } = await import('../src/modules/session/session.service.ts');
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(c.token!)));
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000);

    const d = await signIn('13800138003');
    await backdate(d.token!, 'lastSeenAt', 2 * 3600_000 + 1000);
    const res = await d.post('/api/merchant/logout');
    expect(res.http).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it('absolute expiry: a session ends 7 days after sign-in however busy it is', async () => {
    const c = await signIn('13800138001');
    const { hashToken } = await import('../src/modules/session/session.service.ts');
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(c.token!)));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 3600_000);
    await backdate(c.token!, 'createdAt', 7 * 24 * 3600_000 + 1000);
    await backdate(c.token!, 'expiresAt', 1000);
    const res = await c.post('/api/merchant/logout');
    expect(res.http).toBe(401);
    expect(res.body.code).toBe(401);
  });

  it("S8.1 changing the password ends the user's other sessions with code 407; this one keeps working", async () => {
    await registerWithCode('13700000009', 'Lantern-first-77');
    const here = await signIn('13700000009', 'Lantern-first-77');
    const elsewhere = await signIn('13700000009', 'Lantern-first-77');

    const wrongOld = await here.post('/api/merchant/user/changePassword', {
      oldPassword: 'nope1234',
      newPassword: 'Lantern-second-88',
    });
    expect(wrongOld.body).toMatchObject({
      code: 400,
      msg: 'oldPassword: is wrong; 4 tries left before sign-in is paused',
    });
    const weak = await here.post('/api/merchant/user/changePassword', {
      oldPassword: 'Lantern-first-77',
      newPassword: 'x',
    });
    expect(weak.body.msg).toMatch(/^body\.newPassword: must be at least 8 characters/);

    const changed = await here.post('/api/merchant/user/changePassword', {
      oldPassword: 'Lantern-first-77',
      newPassword: 'Lantern-second-88',
    });
    expect(changed.body).toMatchObject({ code: 200 });

    const ended = await elsewhere.post('/api/merchant/logout');
    expect(ended.http).toBe(401);
    expect(ended.body).toMatchObject({ status: 401, code: 407 });
    expect(ended.body.msg).toMatch(/password changed/);
    expect((await here.get<{ userInfo: unknown }>(me)).body.data.userInfo).toMatchObject({ mobile: '13700000009' });

    const oldPassword = await t
      .client()
      .post('/api/merchant/login', { account: '13700000009', password: 'Lantern-first-77' }, from());
    expect(oldPassword.body.code).toBe(400);
    await signIn('13700000009', 'Lantern-second-88');
    const [user] = await t.database.db.select().from(users).where(eq(users.mobile, '13700000009'));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('with the in-process access cache on (as in production)', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ config: { accessCacheMs: 60_000 } });
  });
  afterAll(async () => cached.close());

  it('getCurrentUser answers alike while nothing changes, and shows a new role or company name at once', async () => {
    const owner = await cached.signIn('13800138000');
    const cashier = await cached.signIn('13800138003');
    const first = (await cashier.get<NonNullable<CurrentUserData>>(me)).body;
    expect(first.data.userInfo.role).toBe('CASHIER');
    expect((await cashier.get(me)).body).toEqual(first);

    const roles = (await owner.get<Role[]>('/api/merchant/role/list')).body.data;
    const staff = (await owner.get<StaffMember[]>('/api/merchant/staff/list')).body.data;
    const memberId = staff.find((m) => m.mobile === '13800138003')!.memberId;
    const finance = roles.find((r) => r.code === 'FINANCE')!.roleId;
    expect((await owner.post('/api/merchant/staff/setRole', { memberId, roleId: finance })).body.code).toBe(200);
    const moved = (await cashier.get<NonNullable<CurrentUserData>>(me)).body.data;
    expect(moved.userInfo.role).toBe('FINANCE');
    expect(moved.buttonData.map((b) => b.code)).toEqual([...BUILT_IN_ROLE_PERMISSIONS.FINANCE].sort());

    const renamed = await owner.post('/api/merchant/feeManager/updateCompany', {
      companyName: 'Morning Light Coffee Group',
      contactName: 'Wang Fang',
    });
    expect(renamed.body.code).toBe(200);
    const after = (await cashier.get<NonNullable<CurrentUserData>>(me)).body.data;
    expect(after.userInfo.companyName).toBe('Morning Light Coffee Group');
    expect(after.buttonData).toEqual(moved.buttonData);
  });

  it('logout and a password change take effect at once, although lookups are cached', async () => {
    const a = await cached.signIn('13800138000');
    const b = await cached.signIn('13800138000');
    // Fill the cache for both tokens.
    expect((await a.get<{ userInfo: unknown }>(me)).body.data).not.toBeNull();
    expect((await b.get<{ userInfo: unknown }>(me)).body.data).not.toBeNull();

    expect((await b.post('/api/merchant/logout')).body.code).toBe(200);
    expect((await b.get(me)).body.data).toBeNull();
    expect((await b.post('/api/merchant/logout')).http).toBe(401);

    const c = await cached.signIn('13800138000');
    expect((await c.get<{ userInfo: unknown }>(me)).body.data).not.toBeNull();
    const changed = await a.post('/api/merchant/user/changePassword', {
      oldPassword: DEMO_PASSWORD,
      newPassword: 'Harbour-lights-2026',
    });
    expect(changed.body.code).toBe(200);
    expect((await c.post('/api/merchant/logout')).body.code).toBe(407);
    expect((await a.get<{ userInfo: unknown }>(me)).body.data).not.toBeNull();
  });

  it('a read-only POST (the order list) reads the cache like a GET and keeps it; a POST that may write never trusts it', async () => {
    const admin = await cached.signIn('13800138001');
    const list = () => admin.post('/api/merchant/order/list', { limit: 5 });
    expect((await list()).body.code).toBe(200);
    // Ended by SQL typed by hand (no notice to the processes): only a cached read can still pass, as a GET does.
    await cached.database.db
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: 'logout' })
      .where(eq(sessions.userId, sql`(select id from users where mobile = '13800138001')`));
    expect((await list()).body.code).toBe(200);
    expect((await list()).body.code).toBe(200); // the list emptied nothing: its own answer came from the cache
    // A call that may write reads the database, is refused, and empties the cache: the list is refused next.
    expect((await admin.post('/api/merchant/logout')).http).toBe(401);
    expect((await list()).http).toBe(401);
  });
});
