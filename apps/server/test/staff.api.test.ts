import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, CompanyInfo, CompanyListItem, Role, StaffInvitation, StaffMember } from '@mchweb/contract';
import { withCheckChar } from '../src/sandbox/seed-demo.ts';
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

/** The owner invites a mobile with a built-in role: the invitation as the API answered it. */
async function invite(org: Awaited<ReturnType<typeof newOrganisation>>, mobile: string, code: string, name?: string) {
  const res = await org.owner.post<StaffMember>(`${M}/staff/invite`, {
    mobile,
    ...(name ? { name } : {}),
    roleId: org.roleId(code),
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

const staff = async (c: TestClient) => (await c.get<StaffMember[]>(`${M}/staff/list`)).body.data;
const invitations = async (c: TestClient) => (await c.get<StaffInvitation[]>(`${M}/staff/invitation/list`)).body.data;
const companies = async (c: TestClient) => (await c.get<CompanyListItem[]>(`${M}/company/list`)).body.data;
const currentCompany = async (c: TestClient) => (await c.post<CompanyInfo>(`${M}/feeManager/getCompany`, {})).body.data;

/** The invitee accepts the organisation's invitation through the API, as the pages do. */
async function accept(client: TestClient, companyId: number) {
  const invitation = (await invitations(client)).find((i) => i.companyId === companyId)!;
  const res = await client.post(`${M}/staff/invitation/accept`, { invitationId: invitation.invitationId });
  expect(res.body.code, res.body.msg).toBe(200);
}

/** Add a member who already has an account: invite, accept, and switch its session to the organisation. */
async function addMember(org: Awaited<ReturnType<typeof newOrganisation>>, code: string) {
  serial++;
  const mobile = `1360000${String(serial).padStart(4, '0')}`;
  const client = await newUser(mobile);
  const { memberId } = await invite(org, mobile, code);
  await accept(client, org.companyId);
  await client.post('/api/websession/changeCompany', { companyId: org.companyId });
  return { client, memberId, mobile };
}

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

  it('an accepted invitation is an ACTIVE member; the same mobile twice is refused naming the field', async () => {
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

  it('an unregistered mobile is INVITED; registering does not join it, accepting does (sms/send + outbox + register)', async () => {
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

    // Registered, the newcomer belongs to nothing yet: no current organisation, none to switch to.
    const newcomer = t.client(reg.body.data.token);
    expect(await currentCompany(newcomer)).toMatchObject({ companyId: null, hasOtherCompany: false });
    expect(await companies(newcomer)).toEqual([]);
    expect((await staff(org.owner)).find((m) => m.mobile === mobile)).toMatchObject({
      status: 'INVITED',
      userId: null,
    });
    expect(await invitations(newcomer)).toEqual([
      {
        invitationId: invited.body.data.memberId,
        companyId: org.companyId,
        companyName: expect.stringMatching(/^Staff Test/),
        role: 'CASHIER',
        roleName: 'Cashier',
        invitedAt: invited.body.data.createdAt,
      },
    ]);

    await accept(newcomer, org.companyId);
    // Accepting switches nothing: the session still has no organisation, the list now offers this one.
    expect(await currentCompany(newcomer)).toMatchObject({ companyId: null, hasOtherCompany: true });
    expect(await companies(newcomer)).toEqual([
      expect.objectContaining({ companyId: org.companyId, role: 'CASHIER', memberStatus: 'ACTIVE', current: false }),
    ]);
    const switched = await newcomer.post<CompanyInfo>('/api/websession/changeCompany', { companyId: org.companyId });
    expect(switched.body.data).toMatchObject({ companyId: org.companyId, role: 'CASHIER' });
    const member = (await staff(org.owner)).find((m) => m.mobile === mobile)!;
    expect(member).toMatchObject({ status: 'ACTIVE', name: 'Zhou Xun' });
    expect(typeof member.userId).toBe('number');
  });
});

describe('issue 14.2 an invitation reveals nothing and enrols nobody without consent', () => {
  it('the answer is the same for a registered and an unregistered mobile, in the list and the audit log too', async () => {
    const org = await newOrganisation();
    // Zhang Min and Li Qiang of the demo data have accounts (and names); the other two mobiles have none.
    const named = [
      await invite(org, '13800138002', 'FINANCE', 'New colleague'),
      await invite(org, '13599990011', 'FINANCE', 'New colleague'),
    ];
    const unnamed = [await invite(org, '13800138001', 'FINANCE'), await invite(org, '13599990012', 'FINANCE')];
    // Field by field alike but for the ids, the time and the mobile itself.
    const comparable = (answer: StaffMember) => {
      const { memberId, createdAt, mobile, ...rest } = answer;
      expect([typeof memberId, typeof createdAt, typeof mobile]).toEqual(['number', 'string', 'string']);
      return rest;
    };
    expect(comparable(named[0]!)).toEqual(comparable(named[1]!));
    expect(comparable(unnamed[0]!)).toEqual(comparable(unnamed[1]!));
    expect(named[0]).toMatchObject({ status: 'INVITED', userId: null, name: 'New colleague', isSelf: false });
    expect(unnamed[0]).toMatchObject({ status: 'INVITED', userId: null, name: null, isSelf: false });

    const rows = (await staff(org.owner)).filter((m) => !m.isSelf);
    expect(rows.map((m) => [m.mobile, m.status, m.userId, m.name])).toEqual([
      ['13800138002', 'INVITED', null, 'New colleague'],
      ['13599990011', 'INVITED', null, 'New colleague'],
      ['13800138001', 'INVITED', null, null],
      ['13599990012', 'INVITED', null, null],
    ]);
    const entries = (await org.owner.get<AuditPage>(`${M}/audit/list`, { limit: 10 })).body.data.items.filter(
      (e) => e.action === 'staff.invite',
    );
    expect(entries).toHaveLength(4);
    expect(new Set(entries.map((e) => JSON.stringify({ ...e.detail, mobile: null })))).toHaveProperty('size', 1);
  });

  it("until accepted the invitation grants nothing and the organisation is in none of the invitee's lists", async () => {
    const org = await newOrganisation();
    const clerk = await t.signIn('13800138003'); // the demo cashier: works in the demo organisation
    const before = await currentCompany(clerk);
    const invited = await invite(org, '13800138003', 'ADMIN');
    expect(invited.status).toBe('INVITED');

    expect((await companies(clerk)).map((c) => c.companyId)).not.toContain(org.companyId);
    expect((await clerk.post('/api/websession/changeCompany', { companyId: org.companyId })).body.code).toBe(404);
    expect(await currentCompany(clerk)).toMatchObject({ companyId: before.companyId });
    // A fresh sign-in does not start there either, and the organisation is no "other company" of a session without one.
    expect((await currentCompany(await t.signIn('13800138003'))).companyId).toBe(before.companyId);
    const loner = await newUser('13599990021');
    await invite(org, '13599990021', 'ADMIN');
    expect(await currentCompany(loner)).toMatchObject({ companyId: null, hasOtherCompany: false });
    expect(await companies(loner)).toEqual([]);

    await accept(clerk, org.companyId);
    // Accepting joins the organisation and switches nothing: the session stays where it was.
    expect(await currentCompany(clerk)).toMatchObject({ companyId: before.companyId });
    expect(await companies(clerk)).toContainEqual(
      expect.objectContaining({ companyId: org.companyId, role: 'ADMIN', memberStatus: 'ACTIVE', current: false }),
    );
    expect((await clerk.post('/api/websession/changeCompany', { companyId: org.companyId })).body.code).toBe(200);
    expect((await clerk.get(`${M}/staff/list`)).body.code).toBe(200);
    expect((await staff(org.owner)).find((m) => m.mobile === '13800138003')).toMatchObject({
      status: 'ACTIVE',
      name: '陈静 Chen Jing',
    });
    expect(await invitations(clerk)).toEqual([]);
  });

  it('only the invited mobile accepts or declines; declined, withdrawn or answered invitations are not found', async () => {
    const org = await newOrganisation();
    const invitee = await newUser('13599990031');
    const other = await newUser('13599990032');
    const sent = await invite(org, '13599990031', 'CASHIER');
    const invitationId = sent.memberId;
    expect(await invitations(other)).toEqual([]);
    for (const action of ['accept', 'decline']) {
      const res = await other.post(`${M}/staff/invitation/${action}`, { invitationId });
      expect(res.body).toMatchObject({ code: 404, msg: expect.stringMatching(/^Invitation not found/) });
    }
    // The organisation's owner is not the invitee either.
    expect((await org.owner.post(`${M}/staff/invitation/accept`, { invitationId })).body.code).toBe(404);
    expect((await t.client().post(`${M}/staff/invitation/accept`, { invitationId })).http).toBe(401);

    expect((await invitee.post(`${M}/staff/invitation/decline`, { invitationId })).body.code).toBe(200);
    expect(await invitations(invitee)).toEqual([]);
    expect((await staff(org.owner)).map((m) => m.mobile)).not.toContain('13599990031');
    expect((await invitee.post(`${M}/staff/invitation/accept`, { invitationId })).body.code).toBe(404);
    expect(await companies(invitee)).toEqual([]);

    // Invited again, withdrawn by the organisation before an answer: nothing to accept.
    const again = await invite(org, '13599990031', 'CASHIER');
    expect(await invitations(invitee)).toHaveLength(1);
    await org.owner.post(`${M}/staff/remove`, { memberId: again.memberId });
    expect(await invitations(invitee)).toEqual([]);
    const withdrawn = await invitee.post(`${M}/staff/invitation/accept`, { invitationId: again.memberId });
    expect(withdrawn.body.code).toBe(404);

    // Accepted once: a second answer finds nothing, and an active member's id is no invitation.
    const third = await invite(org, '13599990031', 'CASHIER');
    await accept(invitee, org.companyId);
    for (const action of ['accept', 'decline']) {
      const res = await invitee.post(`${M}/staff/invitation/${action}`, { invitationId: third.memberId });
      expect(res.body.code).toBe(404);
    }
    expect((await staff(org.owner)).find((m) => m.mobile === '13599990031')?.status).toBe('ACTIVE');
  });

  it("accepting and declining are in the organisation's audit log, by the invitee", async () => {
    const org = await newOrganisation();
    const yes = await newUser('13599990041');
    const no = await newUser('13599990042');
    const toYes = await invite(org, '13599990041', 'FINANCE');
    const toNo = await invite(org, '13599990042', 'CASHIER');
    await yes.post(`${M}/staff/invitation/accept`, { invitationId: toYes.memberId });
    await no.post(`${M}/staff/invitation/decline`, { invitationId: toNo.memberId });
    const items = (await org.owner.get<AuditPage>(`${M}/audit/list`, { limit: 2 })).body.data.items;
    expect(items).toEqual([
      expect.objectContaining({
        action: 'staff.invitation.decline',
        userMobile: '13599990042',
        targetType: 'member',
        targetId: String(toNo.memberId),
        detail: { mobile: '13599990042', roleId: org.roleId('CASHIER') },
      }),
      expect.objectContaining({
        action: 'staff.invitation.accept',
        userMobile: '13599990041',
        targetType: 'member',
        targetId: String(toYes.memberId),
        detail: { mobile: '13599990041', roleId: org.roleId('FINANCE') },
      }),
    ]);
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
