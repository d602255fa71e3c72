import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

/** The demo coffee shop's merchants: active, frozen (4), closed (5), and the one its approved application made. */
const COFFEE_MERCHANTS = ['M100000001', 'M100000002', 'M100000004', 'M100000005', 'M100001001'];

describe('sign-in', () => {
  it('S3.4 login answers token and mchInfo of the current organisation', async () => {
    const res = await t.client().post<{ token: string; mchInfo: { mchNo: string }[] }>('/api/merchant/login', {
      account: '13800138000',
      password: 'Demo@2026',
    });
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ status: 200, code: 200, msg: 'success', message: 'success' });
    expect(res.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(res.body.data.mchInfo.map((m) => m.mchNo)).toEqual(COFFEE_MERCHANTS);
  });

  it('wrong password is a business error naming how many tries are left', async () => {
    const res = await t.client().post('/api/merchant/login', { account: '13800138000', password: 'nope' });
    expect(res.http).toBe(200);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toMatch(/Wrong account or password\. 4 tries left/);
  });

  it('S7.2 getCurrentUser answers data null without a session, the menu with one', async () => {
    expect((await t.client().get('/api/merchant/user/getCurrentUser')).body).toMatchObject({ code: 200, data: null });
    const owner = await t.signIn('13800138000');
    const me = await owner.get<{ menuData: { code: string }[]; buttonData: { code: string }[] }>(
      '/api/merchant/user/getCurrentUser',
    );
    expect(me.body.data.menuData.map((g) => g.code)).toContain('trade');
    expect(me.body.data.buttonData.map((b) => b.code)).toContain('company:edit');
  });
});

describe('current user after switching organisation', () => {
  it('S7.2 getCurrentUser carries the merchants of the organisation now current (mchList)', async () => {
    const owner = await t.signIn('13800138000');
    const before = await owner.get<{ mchList: { mchNo: string }[] }>('/api/merchant/user/getCurrentUser');
    expect(before.body.data.mchList.map((m) => m.mchNo)).toEqual(COFFEE_MERCHANTS);
    const orgs = await owner.get<{ companyId: number; current: boolean }[]>('/api/merchant/company/list');
    const other = orgs.body.data.find((o) => !o.current)!;
    expect((await owner.post('/api/websession/changeCompany', { companyId: other.companyId })).body.code).toBe(200);
    const after = await owner.get<{ mchList: { mchNo: string }[] }>('/api/merchant/user/getCurrentUser');
    expect(after.body.data.mchList.map((m) => m.mchNo)).toEqual(['M100000003']);
  });

  it('a call without a session is told to sign in before anything about its body', async () => {
    const res = await t.client().post('/api/merchant/user/changePassword', { nonsense: 1 });
    expect(res.http).toBe(401);
    expect(res.body.code).toBe(401);
  });
});
