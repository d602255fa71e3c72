import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyInfo, CompanyListItem, InitCompletionStatus, StaffInvitation } from '@mchweb/contract';
import { withCheckChar } from '../src/sandbox/seed-demo.ts';
import { changeCompanyStatus } from '../src/modules/company/company.ops.ts';
import { OPERATOR } from '../src/ops/cli.ts';
import { users } from '../src/modules/user/user.tables.ts';
import { createSession } from '../src/modules/session/session.service.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';

// One seeded app for the file: each test works in organisations or with users of its own, or only reads.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const M = '/api/merchant';
const getCompany = (c: TestClient) => c.post<CompanyInfo>(`${M}/feeManager/getCompany`, {});
const list = (c: TestClient) => c.get<CompanyListItem[]>(`${M}/company/list`);

/** Read the newest code the sandbox SMS sender "sent" to a mobile. */
async function smsCodeOf(mobile: string): Promise<string> {
  const res = await t.client().get<{ text: string }[]>(`${M}/dev/sms-outbox`, { mobile });
  const code = /is (\d{6})\./.exec(res.body.data[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no SMS code for ${mobile}`);
  return code;
}

/** A user with a session and no organisation (registration itself is proven in staff.api.test.ts). */
async function registerUser(mobile: string): Promise<TestClient> {
  const [user] = await t.database.db
    .insert(users)
    .values({ mobile, passwordHash: 'unused' })
    .returning({ id: users.id });
  return t.client(
    await createSession(t.database.db, { userId: user!.id, companyId: null, ip: '127.0.0.1', userAgent: 'test' }),
  );
}

/** The invitee accepts the organisation's invitation (an invitation grants nothing before: staff.api.test.ts). */
async function acceptInvitation(invitee: TestClient, companyId: number) {
  const pending = await invitee.get<StaffInvitation[]>(`${M}/staff/invitation/list`);
  const invitation = pending.body.data.find((i) => i.companyId === companyId)!;
  const res = await invitee.post(`${M}/staff/invitation/accept`, { invitationId: invitation.invitationId });
  expect(res.body.code, res.body.msg).toBe(200);
}

let serial = 0;
/** A fresh valid unified social credit code for every organisation a test creates. */
const nextCreditCode = () => withCheckChar(`91330100MA${String(++serial).padStart(7, '0')}`);
const newCompany = (name = 'Test Tea House') => ({
  companyName: name,
  creditCode: nextCreditCode(),
  contactName: 'Zhao Lei',
  contactMobile: '13900000000',
});

describe('company info (the guard)', () => {
  it('S4.4.4 getCompany answers the current organisation, role and hasOtherCompany', async () => {
    const owner = await t.signIn('13800138000');
    const res = await getCompany(owner);
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      companyName: expect.stringContaining('Morning Light Coffee'),
      hasOtherCompany: true,
      role: 'OWNER',
      status: 'ACTIVE',
      opened: true,
      mobileBound: true,
    });
    const cashier = await t.signIn('13800138003');
    expect((await getCompany(cashier)).body.data).toMatchObject({ role: 'CASHIER', hasOtherCompany: false });
  });

  it('S4.4.5 a user without an organisation gets companyId null; creating one makes it current and owned', async () => {
    const user = await registerUser('13911110001');
    expect((await getCompany(user)).body.data).toMatchObject({ companyId: null, hasOtherCompany: false });
    expect((await list(user)).body.data).toEqual([]);

    const created = await user.post<CompanyInfo>(`${M}/feeManager/addCompany`, newCompany('Lotus Tea House'));
    expect(created.body.code, created.body.msg).toBe(200);
    expect(created.body.data).toMatchObject({ companyName: 'Lotus Tea House', role: 'OWNER', opened: false });
    expect((await getCompany(user)).body.data.companyId).toBe(created.body.data.companyId);
    expect((await list(user)).body.data).toEqual([
      expect.objectContaining({ companyName: 'Lotus Tea House', role: 'OWNER', current: true, memberStatus: 'ACTIVE' }),
    ]);
    const me = await user.get<{ menuData: { code: string }[] }>(`${M}/user/getCurrentUser`);
    expect(me.body.data.menuData.map((g) => g.code)).toContain('organisation');
  });
});

describe('addCompany validation', () => {
  it('names the field: bad check digit, short name, bad mobile, duplicate credit code', async () => {
    const owner = await t.signIn('13800138000');
    const good = newCompany();
    const wrongDigit = good.creditCode.slice(0, 17) + (good.creditCode[17] === '0' ? '1' : '0');
    const bad = await owner.post(`${M}/feeManager/addCompany`, { ...good, creditCode: wrongDigit });
    expect(bad.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^body\.creditCode: .*check digit/) });
    const short = await owner.post(`${M}/feeManager/addCompany`, { ...good, companyName: 'A' });
    expect(short.body.msg).toMatch(/body\.companyName: must be at least 2/);
    const mobile = await owner.post(`${M}/feeManager/addCompany`, { ...good, contactMobile: '12345' });
    expect(mobile.body.msg).toMatch(/body\.contactMobile: must be a mainland China mobile/);

    // The demo coffee shop's code, in lower case: normalised, then refused as taken.
    const taken = withCheckChar('91330106MA2H3K4L5').toLowerCase();
    const dup = await owner.post(`${M}/feeManager/addCompany`, { ...good, creditCode: taken });
    expect(dup.body).toMatchObject({ code: 409, msg: expect.stringMatching(/^creditCode: .*already exists/) });
    // Refusals change nothing: the owner still has exactly its two organisations.
    expect((await list(owner)).body.data).toHaveLength(2);
  });
});

describe('organisation profile', () => {
  it('updateCompany by the owner; an admin is refused with 403', async () => {
    const user = await registerUser('13911110002');
    await user.post(`${M}/feeManager/addCompany`, newCompany('Old Name Ltd'));
    const res = await user.post<CompanyInfo>(`${M}/feeManager/updateCompany`, {
      companyName: 'New Name Ltd',
      contactName: 'Qian Yu',
      address: '1 Lake Road',
    });
    expect(res.body.data).toMatchObject({
      companyName: 'New Name Ltd',
      contactName: 'Qian Yu',
      address: '1 Lake Road',
    });

    const admin = await t.signIn('13800138001');
    const refused = await admin.post(`${M}/feeManager/updateCompany`, { companyName: 'Hijack', contactName: 'X' });
    expect(refused.body.code).toBe(403);
  });

  it('openFeeManager opens once; the second time says it is open already', async () => {
    const user = await registerUser('13911110003');
    await user.post(`${M}/feeManager/addCompany`, newCompany());
    const notAgreed = await user.post(`${M}/feeManager/openFeeManager`, { agreed: false });
    expect(notAgreed.body.msg).toMatch(/body\.agreed: the user, privacy and risk agreements must be accepted/);
    const first = await user.post<CompanyInfo>(`${M}/feeManager/openFeeManager`, { agreed: true });
    expect(first.body.data.opened).toBe(true);
    const again = await user.post(`${M}/feeManager/openFeeManager`, { agreed: true });
    expect(again.body).toMatchObject({ code: 409, msg: expect.stringMatching(/already open/) });
  });

  it('bindingMobile verifies the SMS code; errors name the field; a cashier may not', async () => {
    const user = await registerUser('13911110004');
    // Proving the organisation's own contact mobile: moving it to another number is company.contact-mobile.test.ts.
    await user.post(`${M}/feeManager/addCompany`, { ...newCompany(), contactMobile: '13911119999' });
    const badMobile = await user.post(`${M}/feeManager/bindingMobile`, { mobile: '1391111', smsCode: '123456' });
    expect(badMobile.body.msg).toMatch(/^body\.mobile: /);
    const neverSent = await user.post(`${M}/feeManager/bindingMobile`, { mobile: '13911119999', smsCode: '123456' });
    expect(neverSent.body).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^smsCode: has expired or was never sent/),
    });

    await user.post(`${M}/sms/send`, { mobile: '13911119999', scene: 'bindMobile' });
    const code = await smsCodeOf('13911119999');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrongTry = await user.post(`${M}/feeManager/bindingMobile`, { mobile: '13911119999', smsCode: wrong });
    expect(wrongTry.body.msg).toMatch(/^smsCode: is wrong; 4 tries left/);
    const bound = await user.post<CompanyInfo>(`${M}/feeManager/bindingMobile`, {
      mobile: '13911119999',
      smsCode: code,
    });
    expect(bound.body.data).toMatchObject({ contactMobile: '13911119999', mobileBound: true });

    const cashier = await t.signIn('13800138003');
    const refused = await cashier.post(`${M}/feeManager/bindingMobile`, { mobile: '13911119999', smsCode: code });
    expect(refused.body.code).toBe(403);
  });

  it('getInitCompletionStatus: six steps with their pages, done from real state', async () => {
    const owner = await t.signIn('13800138000');
    const res = await owner.get<InitCompletionStatus>(`${M}/feeManager/getInitCompletionStatus`);
    expect(res.body.data.steps).toEqual([
      { key: 'companyCreated', done: true, path: '/organ-create' },
      { key: 'serviceOpened', done: true, path: '/open' },
      { key: 'mobileBound', done: true, path: '/organ-home' },
      { key: 'firstMerchant', done: true, path: '/merchant-entry' },
      { key: 'firstCode', done: true, path: '/code-setting' },
      { key: 'firstPayment', done: true, path: '/order' },
    ]);
    expect(res.body.data).toMatchObject({ doneCount: 6, total: 6 });

    const user = await registerUser('13911110005');
    await user.post(`${M}/feeManager/addCompany`, newCompany());
    const fresh = await user.get<InitCompletionStatus>(`${M}/feeManager/getInitCompletionStatus`);
    expect(fresh.body.data.steps.filter((s) => s.done).map((s) => s.key)).toEqual(['companyCreated']);
  });
});

describe('switching and leaving', () => {
  it('changeCompany switches to another organisation of the user; a stranger organisation is not found', async () => {
    const owner = await t.signIn('13800138000');
    const mine = (await list(owner)).body.data;
    const bakery = mine.find((c) => !c.current)!;
    const res = await owner.post<CompanyInfo>('/api/websession/changeCompany', { companyId: bakery.companyId });
    expect(res.body.data).toMatchObject({ companyId: bakery.companyId, hasOtherCompany: true });
    expect((await list(owner)).body.data.find((c) => c.current)?.companyId).toBe(bakery.companyId);
    const login = await owner.get<{ userInfo: { companyId: number } }>(`${M}/user/getCurrentUser`);
    expect(login.body.data.userInfo.companyId).toBe(bakery.companyId);

    const stranger = await registerUser('13911110006');
    const refused = await stranger.post('/api/websession/changeCompany', { companyId: bakery.companyId });
    expect(refused.body.code).toBe(404);
    const bad = await stranger.post('/api/websession/changeCompany', { companyId: 'x' });
    expect(bad.body.msg).toMatch(/^body\.companyId: /);
  });

  it('breakBind: the last owner cannot leave; a member leaves and its session loses the organisation', async () => {
    const founder = await registerUser('13911110007');
    const org = (await founder.post<CompanyInfo>(`${M}/feeManager/addCompany`, newCompany())).body.data.companyId!;
    const last = await founder.get(`${M}/feeManager/breakBind`, { companyId: org });
    expect(last.body).toMatchObject({ code: 409, msg: expect.stringMatching(/last active owner/) });

    const roles = await founder.get<{ roleId: number; code: string }[]>(`${M}/role/list`);
    const adminRole = roles.body.data.find((r) => r.code === 'ADMIN')!.roleId;
    const helper = await registerUser('13911110008');
    await founder.post(`${M}/staff/invite`, { mobile: '13911110008', roleId: adminRole });
    await acceptInvitation(helper, org);
    await helper.post('/api/websession/changeCompany', { companyId: org });
    expect((await getCompany(helper)).body.data.companyId).toBe(org);

    expect((await helper.get(`${M}/feeManager/breakBind`, { companyId: org })).body.code).toBe(200);
    expect((await getCompany(helper)).body.data.companyId).toBeNull();
    expect((await helper.get(`${M}/feeManager/breakBind`, { companyId: org })).body.code).toBe(404);
  });
});

describe('company codes from real states', () => {
  it('S4.4.2 a disabled membership answers 8091012 on getCompany and changeCompany', async () => {
    const founder = await registerUser('13911110009');
    const org = (await founder.post<CompanyInfo>(`${M}/feeManager/addCompany`, newCompany())).body.data.companyId!;
    const roles = await founder.get<{ roleId: number; code: string }[]>(`${M}/role/list`);
    const finance = roles.body.data.find((r) => r.code === 'FINANCE')!.roleId;
    const invited = await founder.post<{ memberId: number }>(`${M}/staff/invite`, {
      mobile: '13800138002',
      roleId: finance,
    });
    const clerk = await t.signIn('13800138002');
    await acceptInvitation(clerk, org);
    await founder.post(`${M}/staff/setStatus`, { memberId: invited.body.data.memberId, status: 'DISABLED' });

    const switched = await clerk.post('/api/websession/changeCompany', { companyId: org });
    expect(switched.body).toMatchObject({ code: 8091012, msg: expect.stringMatching(/disabled/) });
    // The refused switch left the session where it was.
    expect((await getCompany(clerk)).body.data.companyId).not.toBe(org);
    const entry = (await list(clerk)).body.data.find((c) => c.companyId === org);
    expect(entry).toMatchObject({ memberStatus: 'DISABLED', current: false });

    await founder.post(`${M}/staff/setStatus`, { memberId: invited.body.data.memberId, status: 'ACTIVE' });
    expect((await clerk.post('/api/websession/changeCompany', { companyId: org })).body.code).toBe(200);
    await founder.post(`${M}/staff/setStatus`, { memberId: invited.body.data.memberId, status: 'DISABLED' });
    expect((await getCompany(clerk)).body).toMatchObject({ code: 8091012, data: null });
  });

  it('S4.4.3 a frozen or closed organisation answers 8091033; unfreezing restores it', async () => {
    const founder = await registerUser('13911110010');
    const org = (await founder.post<CompanyInfo>(`${M}/feeManager/addCompany`, newCompany())).body.data.companyId!;
    await changeCompanyStatus(t.database.db, OPERATOR, org, 'freeze');
    expect((await getCompany(founder)).body).toMatchObject({ code: 8091033, msg: expect.stringMatching(/frozen/) });
    expect((await founder.get(`${M}/role/list`)).body.code).toBe(8091033);
    const into = await founder.post('/api/websession/changeCompany', { companyId: org });
    expect(into.body).toMatchObject({ code: 8091033, data: null });
    expect((await list(founder)).body.data[0]).toMatchObject({ status: 'FROZEN' });
    await changeCompanyStatus(t.database.db, OPERATOR, org, 'unfreeze');
    expect((await getCompany(founder)).body.code).toBe(200);
    await changeCompanyStatus(t.database.db, OPERATOR, org, 'close');
    expect((await getCompany(founder)).body).toMatchObject({ code: 8091033, msg: expect.stringMatching(/closed/) });
  });
});
