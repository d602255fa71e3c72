import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, ApplicationDetail, ApplicationProgress, MerchantDetail, MerchantPage } from '@mchweb/contract';
import { systemActor } from '../src/actor.ts';
import { reviewApplication, reviewDue } from '../src/modules/onboarding/index.ts';
import { applications } from '../src/modules/onboarding/onboarding.tables.ts';
import { OPERATOR } from '../src/ops/cli.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { enterprise, individualBusiness, submittedApplication } from './onboarding-fixtures.ts';

let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await createTestApp({ config: { accessCacheMs: 60_000 } });
  owner = await t.signIn('13800138000');
});
afterAll(async () => t.close());

const approve = (applyNo: string) => reviewApplication(t.database.db, OPERATOR, applyNo, { approve: true });
const reject = (applyNo: string, reason: string) =>
  reviewApplication(t.database.db, OPERATOR, applyNo, { approve: false, reason });
const detail = async (applyNo: string) =>
  (await owner.get<ApplicationDetail>('/api/merchant/inco/detail', { applyNo })).body.data;
const events = async (applyNo: string) =>
  (await owner.get<ApplicationProgress>('/api/merchant/inco/progress', { applyNo })).body.data.events;

describe('review by the operator', () => {
  it('SUBMITTED -> AUDITING -> APPROVED creates the merchant with rates, account and history at once', async () => {
    const applyNo = await submittedApplication(owner, individualBusiness('杭州市西湖区审核通过面馆'));
    const done = await approve(applyNo);
    expect(done).toMatchObject({ applyNo, status: 'APPROVED', mchNo: expect.stringMatching(/^M1000010\d\d$/) });
    const mchNo = done.mchNo!;
    expect(await detail(applyNo)).toMatchObject({ status: 'APPROVED', mchNo, rejectReason: null });
    expect((await events(applyNo)).map((e) => [e.event, e.actor])).toEqual([
      ['CREATED', 'MEMBER'],
      ['SUBMITTED', 'MEMBER'],
      ['AUDITING', 'OPERATOR'],
      ['APPROVED', 'OPERATOR'],
    ]);
    // In the list at once.
    const listed = (await owner.post<MerchantPage>('/api/merchant/merchant/list', {})).body.data.rows[0]!;
    expect(listed).toMatchObject({
      mchNo,
      applyNo,
      type: 'INDIVIDUAL',
      status: 'ACTIVE',
      channels: ['WECHAT', 'ALIPAY'],
    });
    const merchant = (await owner.get<MerchantDetail>('/api/merchant/merchant/detail', { mchNo })).body.data;
    expect(merchant).toMatchObject({
      legalPersonName: '刘洋',
      channels: [
        { channel: 'WECHAT', rate: 3.8 },
        { channel: 'ALIPAY', rate: 2.5 },
      ],
      settlement: { accountType: 'PERSONAL', accountName: '刘洋' },
      statusHistory: [{ from: null, to: 'ACTIVE', by: null, reason: null }],
    });
    expect(merchant.settlement.accountNumberMasked).toMatch(/^\*{4}\d{4}$/);
    const signIn = await t.client().post<{ mchInfo: { mchNo: string }[] }>('/api/merchant/login', {
      account: '13800138000',
      password: 'Demo@2026',
    });
    expect(signIn.body.data.mchInfo.map((m) => m.mchNo)).toContain(mchNo);
    const audit = (await owner.get<AuditPage>('/api/merchant/audit/list', { limit: 2 })).body.data.items;
    expect(audit.map((a) => [a.action, a.targetId, a.userId, a.detail?.by])).toEqual([
      ['onboarding.approve', applyNo, null, 'ops'],
      ['onboarding.audit', applyNo, null, 'ops'],
    ]);
  });

  it('REJECTED with the reason; corrected and resubmitted (RESUBMITTED), then approved', async () => {
    const applyNo = await submittedApplication(owner, enterprise('杭州驳回重提有限公司'));
    expect((await reject(applyNo, '营业执照照片模糊')).status).toBe('REJECTED');
    expect(await detail(applyNo)).toMatchObject({ status: 'REJECTED', rejectReason: '营业执照照片模糊', mchNo: null });
    const fixed = await owner.post('/api/merchant/inco/save', {
      applyNo,
      ...(await detail(applyNo)).application,
      subject: { ...(await detail(applyNo)).application.subject, shortName: '驳回重提' },
    });
    expect(fixed.body.code).toBe(200);
    const resubmitted = await owner.post<{ status: string }>('/api/merchant/inco/submit', { applyNo });
    expect(resubmitted.body.data.status).toBe('SUBMITTED');
    expect((await detail(applyNo)).rejectReason).toBeNull();
    await approve(applyNo);
    expect((await events(applyNo)).map((e) => [e.event, e.reason])).toEqual([
      ['CREATED', null],
      ['SUBMITTED', null],
      ['AUDITING', null],
      ['REJECTED', '营业执照照片模糊'],
      ['SAVED', null],
      ['RESUBMITTED', null],
      ['AUDITING', null],
      ['APPROVED', null],
    ]);
  });

  it('out of order: approving a draft or an approved one, rejecting a canceled one, is refused naming the state', async () => {
    const draft = (await owner.post<{ applyNo: string }>('/api/merchant/inco/save', { subject: { name: '草稿审核' } }))
      .body.data.applyNo;
    await expect(approve(draft)).rejects.toThrow(
      'applyNo: the application is DRAFT; only a submitted application or one under review can be approved',
    );
    const approved = await submittedApplication(owner);
    await approve(approved);
    await expect(approve(approved)).rejects.toThrow(/the application is APPROVED/);
    const edit = await owner.post('/api/merchant/inco/save', { applyNo: approved, subject: { name: '新名字' } });
    expect(edit.body).toMatchObject({ code: 409 });
    expect((await owner.post('/api/merchant/inco/cancel', { applyNo: approved })).body.code).toBe(409);
    await owner.post('/api/merchant/inco/cancel', { applyNo: draft });
    await expect(reject(draft, 'no')).rejects.toThrow(/the application is CANCELED; only .* can be rejected/);
    await expect(approve('A20000101000000000000')).rejects.toThrow('Application not found');
  });

  it('two reviewers at once: one merchant, the other is told the state', async () => {
    const applyNo = await submittedApplication(owner);
    const results = await Promise.allSettled([approve(applyNo), approve(applyNo)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const merchants = (await owner.post<MerchantPage>('/api/merchant/merchant/list', { limit: 100 })).body.data.rows;
    expect(merchants.filter((m) => m.applyNo === applyNo)).toHaveLength(1);
  });
});

describe('the sandbox review job (reviewDue)', () => {
  const sandbox = systemActor('sandbox:review');

  it('decides only submissions older than the delay and within the window; SKIP LOCKED makes parallel passes safe', async () => {
    const fresh = await submittedApplication(owner);
    const due = await submittedApplication(owner);
    const old = await submittedApplication(owner);
    const shift = (applyNo: string, ms: number) =>
      t.database.db
        .update(applications)
        .set({ submittedAt: new Date(Date.now() - ms) })
        .where(eq(applications.applyNo, applyNo));
    await shift(due, 60_000);
    await shift(old, 3 * 86_400_000); // like the demo's SUBMITTED one: waits for an operator
    const passes = await Promise.all([
      reviewDue(t.database.db, sandbox, { decision: { approve: true }, delayMs: 30_000 }),
      reviewDue(t.database.db, sandbox, { decision: { approve: true }, delayMs: 30_000 }),
    ]);
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await detail(due)).status).toBe('APPROVED');
    expect((await detail(fresh)).status).toBe('SUBMITTED');
    expect((await detail(old)).status).toBe('SUBMITTED');
    expect((await events(due)).slice(-2).map((e) => [e.event, e.actor])).toEqual([
      ['AUDITING', 'SYSTEM'],
      ['APPROVED', 'SYSTEM'],
    ]);
  });
});

describe('the sandbox reviewer running in the app', () => {
  it('MCHWEB_AUTO_REVIEW=approve: a submission is approved after the delay and shows in mchList at once', async () => {
    const auto = await createTestApp({
      config: { autoReview: 'approve', autoReviewDelayMs: 100, accessCacheMs: 60_000 },
    });
    try {
      await auto.app.ready();
      const member = await auto.signIn('13800138000');
      const before = (await member.get<{ mchList: unknown[] }>('/api/merchant/user/getCurrentUser')).body.data.mchList;
      const applyNo = await submittedApplication(member);
      // Cached again after the submission's write: only the job's own invalidation can show the new merchant.
      await member.get('/api/merchant/user/getCurrentUser');
      await expect
        .poll(
          async () => (await member.get<ApplicationDetail>('/api/merchant/inco/detail', { applyNo })).body.data.status,
          {
            timeout: 10_000,
            interval: 100,
          },
        )
        .toBe('APPROVED');
      const after = (await member.get<{ mchList: unknown[] }>('/api/merchant/user/getCurrentUser')).body.data.mchList;
      expect(after).toHaveLength(before.length + 1);
    } finally {
      await auto.close();
    }
  });

  it('MCHWEB_AUTO_REVIEW=reject: rejected with the sandbox reason; the job stops with the app', async () => {
    const auto = await createTestApp({ config: { autoReview: 'reject', autoReviewDelayMs: 50 } });
    try {
      await auto.app.ready();
      const member = await auto.signIn('13800138000');
      const applyNo = await submittedApplication(member);
      await expect
        .poll(async () => (await member.get<ApplicationDetail>('/api/merchant/inco/detail', { applyNo })).body.data, {
          timeout: 10_000,
          interval: 100,
        })
        .toMatchObject({ status: 'REJECTED', rejectReason: expect.stringMatching(/MCHWEB_AUTO_REVIEW=reject/) });
    } finally {
      await auto.close();
    }
  });
});
