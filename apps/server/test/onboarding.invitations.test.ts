import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApplicationDetail,
  ApplicationPage,
  ApplicationProgress,
  Invite,
  InvitePage,
  PublicInvite,
} from '@mchweb/contract';
import { invitations } from '../src/modules/onboarding/onboarding.tables.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { documentsFor, individualBusiness, upload } from './onboarding-fixtures.ts';

let t: TestApp;
let owner: TestClient;
/** The invited merchant: no account, no token. */
let invitee: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('13800138000');
  invitee = t.client();
});
afterAll(async () => t.close());

const invite = async (query: Record<string, string | number> = {}) =>
  (await owner.get<Invite>('/api/merchant/getIncoQrCode', query)).body.data;
const publicView = (inviteNo: string, client = invitee) => client.get<PublicInvite>(`/api/pay/inco/${inviteNo}`);
const publicSave = (body: object, client = invitee) => client.post<{ applyNo: string }>('/api/pay/inco/save', body);
const publicSubmit = (inviteNo: string, client = invitee) =>
  client.post<{ applyNo: string; status: string }>('/api/pay/inco/submit', { inviteNo });

describe('making and listing invitations', () => {
  it('getIncoQrCode makes an ACTIVE invitation valid 7 days by default, its url the public page', async () => {
    const before = Date.now();
    const made = await invite({ remark: '黄龙店' });
    expect(made.inviteNo).toMatch(/^I[0-9A-Za-z]{24}$/);
    expect(made).toMatchObject({ status: 'ACTIVE', remark: '黄龙店', createdBy: '王芳 Wang Fang', applyNo: null });
    expect(made.url).toBe(`http://localhost:80/mchweb/inco/${made.inviteNo}`);
    const days = (Date.parse(made.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const short = await invite({ expiresInDays: 1 });
    expect(Date.parse(short.expiresAt) - Date.now()).toBeLessThan(86_400_000);
    const tooLong = await owner.get('/api/merchant/getIncoQrCode', { expiresInDays: 31 });
    expect(tooLong.body).toMatchObject({ code: 400 });
    expect(tooLong.body.msg).toMatch(/^querystring\.expiresInDays: /);
  });

  it('lists invitations newest first, EXPIRED read from the time, with the application each reached', async () => {
    const page = (await owner.post<InvitePage>('/api/merchant/inco/invite/list', { limit: 100 })).body.data;
    const statuses = page.rows.map((r) => r.status);
    expect(new Set(statuses)).toEqual(new Set(['ACTIVE', 'USED', 'REVOKED', 'EXPIRED']));
    const used = page.rows.find((r) => r.status === 'USED')!;
    expect(used).toMatchObject({ merchantName: '西湖边小吃摊', applyStatus: 'AUDITING' });
    expect(used.usedAt).not.toBeNull();
    const expired = (await owner.post<InvitePage>('/api/merchant/inco/invite/list', { status: ['EXPIRED'] })).body.data;
    expect(expired.rows.map((r) => r.remark)).toEqual(['南宋御街 小吃铺']);
    const active = (await owner.post<InvitePage>('/api/merchant/inco/invite/list', { status: ['ACTIVE'] })).body.data;
    expect(active.rows.every((r) => r.status === 'ACTIVE' && Date.parse(r.expiresAt) > Date.now())).toBe(true);
  });

  it('revokes an ACTIVE invitation; nothing else can be revoked; another organisation’s is not found', async () => {
    const made = await invite();
    const revoked = await owner.post<Invite>('/api/merchant/inco/invite/revoke', { inviteNo: made.inviteNo });
    expect(revoked.body).toMatchObject({ code: 200, data: { inviteNo: made.inviteNo, status: 'REVOKED' } });
    const again = await owner.post('/api/merchant/inco/invite/revoke', { inviteNo: made.inviteNo });
    expect(again.body).toMatchObject({
      code: 409,
      msg: 'inviteNo: the invitation is REVOKED; only an active invitation can be revoked',
    });
    const bakery = await t.signIn('13800138000');
    await bakery.post('/api/websession/changeCompany', { companyId: 2 });
    const theirs = (await bakery.get<Invite>('/api/merchant/getIncoQrCode')).body.data;
    const foreign = await owner.post('/api/merchant/inco/invite/revoke', { inviteNo: theirs.inviteNo });
    expect(foreign.body).toMatchObject({ code: 404, msg: 'Invitation not found' });
    const list = (await owner.post<InvitePage>('/api/merchant/inco/invite/list', { limit: 100 })).body.data.rows;
    expect(list.map((r) => r.inviteNo)).not.toContain(theirs.inviteNo);
  });
});

describe('the invited merchant', () => {
  it('fills in, uploads and submits one application without an account; the invitation becomes USED', async () => {
    const made = await invite({ remark: '面馆 刘老板' });
    const view = (await publicView(made.inviteNo)).body.data;
    expect(view).toMatchObject({
      status: 'ACTIVE',
      companyName: '杭州晨光咖啡有限公司 Morning Light Coffee',
      applyNo: null,
      application: null,
    });
    const app = individualBusiness('杭州市西湖区邀请面馆');
    const first = await publicSave({ inviteNo: made.inviteNo, subject: app.subject });
    expect(first.body.code).toBe(200);
    const applyNo = first.body.data.applyNo;
    const documents = await documentsFor(invitee, 'INDIVIDUAL', made.inviteNo);
    const second = await publicSave({ inviteNo: made.inviteNo, ...app, documents });
    expect(second.body.data.applyNo).toBe(applyNo);
    expect((await publicView(made.inviteNo)).body.data).toMatchObject({
      applyNo,
      applyStatus: 'DRAFT',
      application: { subject: { name: '杭州市西湖区邀请面馆' } },
    });

    // The organisation sees it, from the invitation, by nobody of theirs.
    const detail = (await owner.get<ApplicationDetail>('/api/merchant/inco/detail', { applyNo })).body.data;
    expect(detail).toMatchObject({ source: 'INVITE', inviteNo: made.inviteNo, createdBy: null, status: 'DRAFT' });

    const [a, b] = await Promise.all([publicSubmit(made.inviteNo), publicSubmit(made.inviteNo)]);
    expect(a.body.data).toEqual({ applyNo, status: 'SUBMITTED' });
    expect(b.body.data).toEqual({ applyNo, status: 'SUBMITTED' });
    const timeline = (await owner.get<ApplicationProgress>('/api/merchant/inco/progress', { applyNo })).body.data;
    expect(timeline.events.map((e) => [e.event, e.actor, e.by])).toEqual([
      ['CREATED', 'INVITEE', null],
      ['SUBMITTED', 'INVITEE', null],
    ]);
    const after = (await publicView(made.inviteNo)).body.data;
    expect(after).toMatchObject({ status: 'USED', applyStatus: 'SUBMITTED', application: null });
    const listed = (await owner.post<InvitePage>('/api/merchant/inco/invite/list', { status: ['USED'] })).body.data;
    expect(listed.rows[0]).toMatchObject({ inviteNo: made.inviteNo, applyNo, merchantName: '杭州市西湖区邀请面馆' });

    const late = await publicSave({ inviteNo: made.inviteNo, subject: app.subject });
    expect(late.body).toMatchObject({
      code: 409,
      msg: 'This invitation has been used: its application was submitted, and the organisation follows it up.',
    });
  });

  it('a revoked or expired invitation answers a clear refusal on every public call, in Chinese too', async () => {
    const revoked = await invite();
    await publicSave({ inviteNo: revoked.inviteNo, subject: { name: '撤销前保存' } });
    await owner.post('/api/merchant/inco/invite/revoke', { inviteNo: revoked.inviteNo });
    const zh = t.client(undefined, 'zh-CN');
    expect((await publicView(revoked.inviteNo)).body.data).toMatchObject({ status: 'REVOKED', application: null });
    for (const res of [
      await publicSave({ inviteNo: revoked.inviteNo, subject: { name: 'x2' } }),
      await publicSubmit(revoked.inviteNo),
      await upload(invitee, { inviteNo: revoked.inviteNo }),
    ]) {
      expect(res.body).toMatchObject({
        code: 409,
        msg: 'This invitation was revoked by the organisation. Ask them for a new link.',
      });
    }
    expect((await publicSave({ inviteNo: revoked.inviteNo }, zh)).body.msg).toBe(
      '该邀请已被机构撤销，请联系对方获取新的链接。',
    );
    // Its draft stays with the organisation.
    const drafts = (await owner.post<ApplicationPage>('/api/merchant/inco/list', { name: '撤销前保存' })).body.data
      .rows;
    expect(drafts).toMatchObject([{ status: 'DRAFT', inviteNo: revoked.inviteNo }]);

    const expired = await invite();
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.inviteNo, expired.inviteNo));
    expect((await publicView(expired.inviteNo)).body.data.status).toBe('EXPIRED');
    expect((await publicSave({ inviteNo: expired.inviteNo })).body).toMatchObject({
      code: 409,
      msg: 'This invitation has expired. Ask the organisation for a new link.',
    });
    expect((await publicSubmit(expired.inviteNo, zh)).body.msg).toBe('该邀请已过期，请联系机构获取新的链接。');
  });

  it('an unknown or malformed invitation number; submitting before saving', async () => {
    const unknown = 'I' + 'x'.repeat(24);
    expect((await publicView(unknown)).body).toMatchObject({ code: 404, msg: 'Invitation not found' });
    expect((await publicSave({ inviteNo: unknown })).body.code).toBe(404);
    expect((await publicView('nope')).body.msg).toBe(
      'params.inviteNo: must be an invitation number from an invitation link',
    );
    const fresh = await invite();
    expect((await publicSubmit(fresh.inviteNo)).body).toMatchObject({
      code: 400,
      msg: 'inviteNo: nothing has been saved through this invitation yet; save the application first',
    });
  });

  it("may use only files uploaded through its own invitation, not the organisation's nor another invitation's", async () => {
    const mine = await invite();
    const other = await invite();
    const memberFile = (await upload(owner)).body.data.fileId;
    const otherFile = (await upload(invitee, { inviteNo: other.inviteNo })).body.data.fileId;
    for (const fileId of [memberFile, otherFile]) {
      const res = await publicSave({ inviteNo: mine.inviteNo, documents: [{ kind: 'ID_FRONT', fileId }] });
      expect(res.body).toMatchObject({
        code: 400,
        msg: 'documents.0.fileId: is not a file uploaded for this application; upload it again',
      });
    }
  });

  it('canceling an invited application revokes its invitation: it reaches exactly one application', async () => {
    const made = await invite();
    const { applyNo } = (await publicSave({ inviteNo: made.inviteNo, subject: { name: '撤销的邀请申请' } })).body.data;
    expect((await owner.post('/api/merchant/inco/cancel', { applyNo })).body.code).toBe(200);
    expect((await publicView(made.inviteNo)).body.data).toMatchObject({ status: 'REVOKED', applyStatus: 'CANCELED' });
    expect((await publicSave({ inviteNo: made.inviteNo })).body.code).toBe(409);
  });

  it('a member may finish an invited application in the portal (and its invitation is then used)', async () => {
    const made = await invite();
    const app = individualBusiness('杭州市西湖区代填面馆');
    const documents = await documentsFor(invitee, 'INDIVIDUAL', made.inviteNo);
    const { applyNo } = (await publicSave({ inviteNo: made.inviteNo, ...app, documents })).body.data;
    const submitted = await owner.post('/api/merchant/inco/submit', { applyNo });
    expect(submitted.body).toMatchObject({ code: 200, data: { status: 'SUBMITTED' } });
    expect((await publicView(made.inviteNo)).body.data.status).toBe('USED');
  });
});
