import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyInfo, Role, StaffMember } from '@mchweb/contract';
import { withCheckChar } from '../src/db/seed-demo.ts';
import { users } from '../src/modules/user/user.tables.ts';
import { createSession } from '../src/modules/session/session.service.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';

// One seeded app; every test builds its own organisation, so tests do not see each other's staff.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const M = '/api/merchant';
let serial = 0;

/** A user with a session and no organisation. */
async function newUser(mobile: string): Promise<TestClient> {
  const [user] = await t.database.db.insert(users).values({ mobile, passwordHash: 'unused' }).returning();
  return t.client(
    await createSession(t.database.db, { userId: user!.id, companyId: null, ip: '127.0.0.1', userAgent: 'test' }),
  );
}

/** An organisation owned by a fresh user, with its roles by code. */
async function newOrganisation() {
  serial++;
  const owner = await newUser(`1370000${String(serial).padStart(4, '0')}`);
  const created = await owner.post<CompanyInfo>(`${M}/feeManager/addCompany`, {
    companyName: `Staff Test ${serial}`,
    creditCode: withCheckChar(`91440300MA${String(serial).padStart(7, '0')}`),
    contactName: 'Sun Li',
    contactMobile: '13900000001',
  });
  expect(created.body.code, created.body.msg).toBe(200);
  const roles = (await owner.get<Role[]>(`${M}/role/list`)).body.data;
  const roleId = (code: string) => roles.find((r) => r.code === code)!.roleId;
  return { owner, companyId: created.body.data.companyId!, roleId };
}

/** Add a member who already has an account and switch its session to the organisation. */
async function addMember(org: Awaited<ReturnType<typeof newOrganisation>>, code: string) {
  serial++;
  const mobile = `1360000${String(serial).padStart(4, '0')}`;
  const client = await newUser(mobile);
  const res = await org.owner.post<StaffMember>(`${M}/staff/invite`, { mobile, roleId: org.roleId(code) });
  expect(res.body.code, res.body.msg).toBe(200);
  await client.post('/api/websession/changeCompany', { companyId: org.companyId });
  return { client, memberId: res.body.data.memberId, mobile };
}

const staff = async (c: TestClient) => (await c.get<StaffMember[]>(`${M}/staff/list`)).body.data;

describe('staff list and invitations', () => {
  it('the demo organisation lists its owner and one member per built-in role', async () => {
    const owner = await t.signIn('13800138000');
    const list = await staff(owner);
    expect(list.map((m) => [m.mobile, m.roleCode, m.status])).toEqual([
      ['13800138000', 'OWNER', 'ACTIVE'],
      ['13800138001', 'ADMIN', 'ACTIVE'],
      ['13800138002', 'FINANCE', 'ACTIVE'],
      ['13800138003', 'CASHIER', 'ACTIVE'],
    ]);
    expect(list.filter((m) => m.isSelf).map((m) => m.mobile)).toEqual(['13800138000']);
    expect((await (await t.signIn('13800138003')).get(`${M}/staff/list`)).body.code).toBe(403);
  });

  it('a registered mobile joins at once; the same mobile twice is refused naming the field', async () => {
    const org = await newOrganisation();
    const { mobile } = await addMember(org, 'FINANCE');
    expect((await staff(org.owner)).find((m) => m.mobile === mobile)).toMatchObject({
      status: 'ACTIVE',
      roleCode: 'FINANCE',
    });
    const again = await org.owner.post(`${M}/staff/invite`, { mobile, roleId: org.roleId('CASHIER') });
    expect(again.body).toMatchObject({ code: 409, msg: expect.stringMatching(/^mobile: is already a member/) });
    const bad = await org.owner.post(`${M}/staff/invite`, { mobile: '123', roleId: org.roleId('CASHIER') });
    expect(bad.body.msg).toMatch(/^body\.mobile: /);
  });

  it('an unregistered mobile is INVITED and joins when it registers (sms/send + outbox + register)', async () => {
    const org = await newOrganisation();
    const mobile = '13599990001';
    const invited = await org.owner.post<StaffMember>(`${M}/staff/invite`, {
      mobile,
      name: 'Zhou Xun',
      roleId: org.roleId('CASHIER'),
    });
    expect(invited.body.data).toMatchObject({ status: 'INVITED', userId: null, name: 'Zhou Xun' });

    expect((await t.client().post(`${M}/sms/send`, { mobile, scene: 'register' })).body.code).toBe(200);
    const outbox = await t.client().get<{ text: string }[]>(`${M}/dev/sms-outbox`, { mobile });
    const smsCode = /is (\d{6})\./.exec(outbox.body.data[0]!.text)![1];
    const reg = await t
      .client()
      .post<{ token: string }>(`${M}/register`, { mobile, smsCode, password: 'Jade-garden-4521', agreed: true });
    expect(reg.body.code, reg.body.msg).toBe(200);

    const newcomer = t.client(reg.body.data.token);
    const info = await newcomer.post<CompanyInfo>(`${M}/feeManager/getCompany`, {});
    expect(info.body.data).toMatchObject({ companyId: org.companyId, role: 'CASHIER' });
    expect((await staff(org.owner)).find((m) => m.mobile === mobile)).toMatchObject({ status: 'ACTIVE' });
    expect(typeof (await staff(org.owner)).find((m) => m.mobile === mobile)!.userId).toBe('number');
  });
});

describe('roles of members', () => {
  it('setRole changes what the member may do; only an owner grants the Owner role', async () => {
    const org = await newOrganisation();
    const cashier = await addMember(org, 'CASHIER');
    expect((await cashier.client.get(`${M}/staff/list`)).body.code).toBe(403);
    await org.owner.post(`${M}/staff/setRole`, { memberId: cashier.memberId, roleId: org.roleId('ADMIN') });
    expect((await cashier.client.get(`${M}/staff/list`)).body.code).toBe(200);

    const other = await addMember(org, 'FINANCE');
    const byAdmin = await cashier.client.post(`${M}/staff/setRole`, {
      memberId: other.memberId,
      roleId: org.roleId('OWNER'),
    });
    expect(byAdmin.body).toMatchObject({ code: 403, msg: expect.stringMatching(/only an owner/i) });
    const selfPromotion = await cashier.client.post(`${M}/staff/setRole`, {
      memberId: cashier.memberId,
      roleId: org.roleId('OWNER'),
    });
    expect(selfPromotion.body.code).toBe(403);
    const byOwner = await org.owner.post(`${M}/staff/setRole`, {
      memberId: other.memberId,
      roleId: org.roleId('OWNER'),
    });
    expect(byOwner.body.code).toBe(200);
    expect((await staff(org.owner)).find((m) => m.memberId === other.memberId)?.roleCode).toBe('OWNER');
  });

  it('the last active owner cannot be demoted, disabled or removed; with a second owner they can step down', async () => {
    const org = await newOrganisation();
    const me = (await staff(org.owner)).find((m) => m.isSelf)!;
    const demote = await org.owner.post(`${M}/staff/setRole`, { memberId: me.memberId, roleId: org.roleId('ADMIN') });
    expect(demote.body).toMatchObject({ code: 409, msg: expect.stringMatching(/last active owner/) });

    const admin = await addMember(org, 'ADMIN');
    const disableOwner = await admin.client.post(`${M}/staff/setStatus`, { memberId: me.memberId, status: 'DISABLED' });
    expect(disableOwner.body.code).toBe(403);
    const removeOwner = await admin.client.post(`${M}/staff/remove`, { memberId: me.memberId });
    expect(removeOwner.body.code).toBe(403);

    await org.owner.post(`${M}/staff/setRole`, { memberId: admin.memberId, roleId: org.roleId('OWNER') });
    const stepDown = await org.owner.post(`${M}/staff/setRole`, { memberId: me.memberId, roleId: org.roleId('ADMIN') });
    expect(stepDown.body.code).toBe(200);
    // Now the former admin is the last owner, and the former owner (admin now) may not touch it.
    const back = await org.owner.post(`${M}/staff/setRole`, { memberId: admin.memberId, roleId: org.roleId('ADMIN') });
    expect(back.body.code).toBe(403);
    const lastOwnerSelf = await admin.client.post(`${M}/staff/setRole`, {
      memberId: admin.memberId,
      roleId: org.roleId('ADMIN'),
    });
    expect(lastOwnerSelf.body).toMatchObject({ code: 409, msg: expect.stringMatching(/last active owner/) });
  });
});

describe('disable, enable, remove', () => {
  it('a disabled member gets 8091012 on every call; enabling lets it back; nobody disables or removes themselves', async () => {
    const org = await newOrganisation();
    const finance = await addMember(org, 'FINANCE');
    const off = await org.owner.post(`${M}/staff/setStatus`, { memberId: finance.memberId, status: 'DISABLED' });
    expect(off.body.code).toBe(200);
    expect((await finance.client.get(`${M}/feeManager/getInitCompletionStatus`)).body.code).toBe(8091012);
    expect((await finance.client.post(`${M}/feeManager/getCompany`, {})).body.code).toBe(8091012);
    const menu = await finance.client.get<{ menuData: unknown[] }>(`${M}/user/getCurrentUser`);
    expect(menu.body.data.menuData).toEqual([]);

    await org.owner.post(`${M}/staff/setStatus`, { memberId: finance.memberId, status: 'ACTIVE' });
    expect((await finance.client.get(`${M}/feeManager/getInitCompletionStatus`)).body.code).toBe(200);
    const me = (await staff(org.owner)).find((m) => m.isSelf)!;
    const self = await org.owner.post(`${M}/staff/setStatus`, { memberId: me.memberId, status: 'DISABLED' });
    expect(self.body).toMatchObject({ code: 409, msg: expect.stringMatching(/^memberId: you cannot/) });
    const selfRemove = await org.owner.post(`${M}/staff/remove`, { memberId: me.memberId });
    expect(selfRemove.body).toMatchObject({ code: 409, msg: expect.stringMatching(/^memberId: that is you/) });
    expect((await staff(org.owner)).find((m) => m.isSelf)?.status).toBe('ACTIVE');
  });

  it('remove: the member loses the organisation at once; an invitation can be withdrawn', async () => {
    const org = await newOrganisation();
    const cashier = await addMember(org, 'CASHIER');
    expect((await org.owner.post(`${M}/staff/remove`, { memberId: cashier.memberId })).body.code).toBe(200);
    const info = await cashier.client.post<CompanyInfo>(`${M}/feeManager/getCompany`, {});
    expect(info.body.data.companyId).toBeNull();
    expect((await cashier.client.post('/api/websession/changeCompany', { companyId: org.companyId })).body.code).toBe(
      404,
    );

    const invite = await org.owner.post<StaffMember>(`${M}/staff/invite`, {
      mobile: '13599990002',
      roleId: org.roleId('FINANCE'),
    });
    expect((await org.owner.post(`${M}/staff/remove`, { memberId: invite.body.data.memberId })).body.code).toBe(200);
    expect((await staff(org.owner)).map((m) => m.mobile)).not.toContain('13599990002');
    const gone = await org.owner.post(`${M}/staff/remove`, { memberId: invite.body.data.memberId });
    expect(gone.body.code).toBe(404);
  });
});
