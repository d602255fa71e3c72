import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApplicationDetail,
  ApplicationProgress,
  ApprovalItem,
  Balance,
  OnboardingReview,
  OpsAuditItem,
  OpsLoginData,
  OpsMe,
  OpsMerchantDetail,
  TotpEnrolment,
} from '@mchweb/contract';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { submittedApplication } from './onboarding-fixtures.ts';
import { codeOf, operatorAtCodeStep, OPS_PASSWORD, signedInOperator } from './ops-fixtures.ts';
import { codeFor, newKey, pay } from './payment-fixtures.ts';

// Issue 28: the operator console's API. Operators sign in with a password and a TOTP code, decide applications
// (the merchant sees a rejection's reasons per field), freeze merchants (the cashier refuses them) and move money
// only with a second operator's approval.

let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  // Many operators sign in from one address here: the sign-in's per-address limit is scaled up.
  t = await createTestApp({ config: { autoReview: 'off', authRateLimitScale: 100 } });
  owner = await t.signIn('13800138000');
});
afterAll(() => t.close());

describe('sign-in: password, then a TOTP code', () => {
  it('a first sign-in enrols: the otpauth URI and QR code, and nothing else opens before a right code', async () => {
    const op = await operatorAtCodeStep(t, ['REVIEWER']);
    expect(op.login).toMatchObject({ next: 'ENROL' });
    expect(op.client.token).toMatch(/^ops_/);
    const enrolment = await op.client.get<TotpEnrolment>('/api/ops/totp/enrolment');
    expect(enrolment.body.data.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/);
    expect(enrolment.body.data.otpauthUri).toContain(op.secret);
    expect(enrolment.body.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Before the code: the console's calls answer 401.
    expect((await op.client.get('/api/ops/me')).http).toBe(401);
    expect((await op.client.post('/api/ops/onboarding/queue', {})).http).toBe(401);

    const wrong = await op.client.post('/api/ops/totp/verify', {
      code: '000000' === (await codeOf(op.secret)) ? '111111' : '000000',
    });
    expect(wrong.body).toMatchObject({ code: 400, msg: /code: is wrong or expired; 4 tries left/ });
    const right = await op.client.post<OpsMe>('/api/ops/totp/verify', { code: await codeOf(op.secret) });
    expect(right.body).toMatchObject({ code: 200, data: { username: op.username, roles: ['REVIEWER'] } });
    expect(right.body.data.permissions).toContain('ops:onboarding:review');
    expect(right.body.data.permissions).not.toContain('ops:money:approve');
    // Enrolled: the secret is not shown again; the next sign-in asks for the code.
    expect((await op.client.get('/api/ops/totp/enrolment')).body.code).toBe(409);
    expect((await op.client.get<OpsMe>('/api/ops/me')).body.data.operatorId).toBe(op.operatorId);
    const again = await t
      .client()
      .post<OpsLoginData>('/api/ops/login', { account: op.username, password: OPS_PASSWORD });
    expect(again.body.data.next).toBe('CODE');
  });

  it('a code is accepted once: the same code again, in the same 30 seconds, is refused as used', async () => {
    const first = await signedInOperator(t, ['FINANCE']);
    const code = await codeOf(first.secret);
    const second = t.client();
    const login = await second.post<OpsLoginData>('/api/ops/login', {
      account: first.username,
      password: OPS_PASSWORD,
    });
    second.token = login.body.data.token;
    // The code the first sign-in used (an overheard one) does not open a second session.
    const replayed = await second.post('/api/ops/totp/verify', { code });
    expect(replayed.body).toMatchObject({ code: 400, msg: /code: was already used/ });
    expect((await second.get('/api/ops/me')).http).toBe(401);
  });

  it('five wrong codes end the session; a wrong password says how many tries are left', async () => {
    const op = await operatorAtCodeStep(t, ['RISK']);
    const right = await codeOf(op.secret);
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++) await op.client.post('/api/ops/totp/verify', { code: wrongCode });
    const last = await op.client.post('/api/ops/totp/verify', { code: wrongCode });
    expect(last.body.msg).toMatch(/sign in with your password again/);
    expect((await op.client.post('/api/ops/totp/verify', { code: right })).http).toBe(401);
    const bad = await t.client().post('/api/ops/login', { account: op.username, password: 'Not-The-Password-1' });
    expect(bad.body).toMatchObject({ code: 400, msg: /4 tries left/ });
  });

  it('a merchant token never opens the console, and an operator token never the portal', async () => {
    const op = await signedInOperator(t, ['ADMIN']);
    expect((await owner.get('/api/ops/me')).http).toBe(401);
    expect((await owner.post('/api/ops/merchant/list', {})).http).toBe(401);
    expect((await op.client.post('/api/merchant/merchant/list', {})).http).toBe(401);
    expect((await op.client.get('/api/merchant/user/getCurrentUser')).body.data).toBeNull();
  });
});

describe('onboarding review', () => {
  it('a rejection gives a reason per field, which the merchant sees on /audit-progress and in the wizard', async () => {
    const applyNo = await submittedApplication(owner);
    const reviewer = await signedInOperator(t, ['REVIEWER'], 'reviewer');
    const queue = await reviewer.client.post<{ rows: { applyNo: string; ageSeconds: number }[] }>(
      '/api/ops/onboarding/queue',
      { assignee: 'nobody' },
    );
    expect(queue.body.data.rows.map((r) => r.applyNo)).toContain(applyNo);
    const assigned = await reviewer.client.post('/api/ops/onboarding/assign', { applyNo, to: 'me' });
    expect(assigned.body).toMatchObject({ code: 200, data: { assignee: { operatorId: reviewer.operatorId } } });
    const mine = await reviewer.client.post<{ rows: { applyNo: string }[] }>('/api/ops/onboarding/queue', {
      assignee: 'me',
    });
    expect(mine.body.data.rows.map((r) => r.applyNo)).toEqual([applyNo]);

    const detail = await reviewer.client.get<OnboardingReview>('/api/ops/onboarding/detail', { applyNo });
    expect(detail.body.data.application.subject?.name).toBe('杭州市西湖区测试面馆');
    expect(detail.body.data.documents.length).toBeGreaterThan(0);
    const doc = detail.body.data.documents[0]!;
    const file = await reviewer.client.raw({ method: 'GET', url: doc.url, headers: { token: reviewer.client.token! } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toMatch(/^inline/);

    const fields = [
      { field: 'subject.name', reason: '名称与营业执照不一致' },
      { field: 'documents.LICENCE', reason: 'The licence photo is blurred' },
    ];
    const rejected = await reviewer.client.post('/api/ops/onboarding/reject', {
      applyNo,
      fields,
      note: '请更正后重新提交',
    });
    expect(rejected.body).toMatchObject({ code: 200, data: { status: 'REJECTED' } });

    const progress = await owner.get<ApplicationProgress>('/api/merchant/inco/progress', { applyNo });
    expect(progress.body.data.status).toBe('REJECTED');
    expect(progress.body.data.rejectFields).toEqual(fields);
    const last = progress.body.data.events.at(-1)!;
    expect(last).toMatchObject({ event: 'REJECTED', actor: 'OPERATOR', by: null, fields });
    expect(last.reason).toContain('请更正后重新提交');
    const mchDetail = await owner.get<ApplicationDetail>('/api/merchant/inco/detail', { applyNo });
    expect(mchDetail.body.data.rejectFields).toEqual(fields);

    // The console's history names the operator; the audit log has the state before and after.
    const history = await reviewer.client.get<OnboardingReview>('/api/ops/onboarding/detail', { applyNo });
    expect(history.body.data.history.at(-1)).toMatchObject({ event: 'REJECTED', by: reviewer.name });
    const admin = await signedInOperator(t, ['ADMIN']);
    const log = await admin.client.post<{ rows: OpsAuditItem[] }>('/api/ops/audit/list', { targetId: applyNo });
    expect(log.body.data.rows.map((r) => r.action)).toEqual(['onboarding.reject', 'onboarding.assign']);
    expect(log.body.data.rows[0]).toMatchObject({
      operatorId: reviewer.operatorId,
      before: { status: 'SUBMITTED' },
      after: { status: 'REJECTED', rejectFields: fields },
    });
  });

  it('an approval sets rates within the bounds and the channel accounts: the merchant is ACTIVE', async () => {
    const applyNo = await submittedApplication(owner);
    const reviewer = await signedInOperator(t, ['REVIEWER'], 'reviewer');
    const tooLow = await reviewer.client.post('/api/ops/onboarding/approve', {
      applyNo,
      rates: [{ channel: 'WECHAT', rate: 1.5 }],
    });
    expect(tooLow.body).toMatchObject({ code: 400, msg: /rates: WECHAT must be from 2 ‰ to 9.9 ‰/ });
    const approved = await reviewer.client.post<{ mchNo: string; status: string }>('/api/ops/onboarding/approve', {
      applyNo,
      rates: [{ channel: 'WECHAT', rate: 3 }],
      channelAccounts: { wechatSubMchid: '1900000109', alipaySmid: '2088000000000001' },
    });
    expect(approved.body).toMatchObject({ code: 200, data: { status: 'APPROVED' } });
    const mchNo = approved.body.data.mchNo;
    const merchant = await owner.get<{ status: string; channels: unknown[] }>('/api/merchant/merchant/detail', {
      mchNo,
    });
    expect(merchant.body.data).toMatchObject({
      status: 'ACTIVE',
      channels: [
        { channel: 'WECHAT', rate: 3 },
        { channel: 'ALIPAY', rate: 2.5 },
      ],
    });
    const seen = await reviewer.client.get<OpsMerchantDetail>('/api/ops/merchant/detail', { mchNo });
    expect(seen.body.data.channelAccounts).toEqual({
      wechatSubMchid: '1900000109',
      alipaySmid: '2088000000000001',
      alipayAppAuthTokenSet: false,
    });
  });
});

describe('merchants', () => {
  it('a risk operator freezes a merchant: the cashier refuses it, and its members read the reason', async () => {
    const code = await codeFor(t.database.db, 'M100000002');
    const payer = t.client();
    await pay(payer, code, 100);
    const risk = await signedInOperator(t, ['RISK'], 'risk');
    const reviewer = await signedInOperator(t, ['REVIEWER']);
    // A reviewer may not freeze.
    const refused = await reviewer.client.post('/api/ops/merchant/freeze', { mchNo: 'M100000002', reason: 'x' });
    expect(refused.body.code).toBe(403);
    const frozen = await risk.client.post('/api/ops/merchant/freeze', {
      mchNo: 'M100000002',
      reason: '疑似套现，暂停收款',
    });
    expect(frozen.body).toMatchObject({ code: 200, data: { status: 'FROZEN' } });
    const refusedPayment = await payer.post('/api/pay/order', {
      codeNo: code,
      amountFen: 100,
      channel: 'WECHAT',
      idempotencyKey: newKey(),
    });
    expect(refusedPayment.body).toMatchObject({ code: 409, msg: /frozen/ });
    const detail = await owner.get<{ status: string; statusHistory: { reason: string | null }[] }>(
      '/api/merchant/merchant/detail',
      { mchNo: 'M100000002' },
    );
    expect(detail.body.data.status).toBe('FROZEN');
    expect(detail.body.data.statusHistory.at(-1)!.reason).toBe('疑似套现，暂停收款');
    expect(
      (await risk.client.post('/api/ops/merchant/unfreeze', { mchNo: 'M100000002', reason: '核实无误' })).body.data,
    ).toMatchObject({ status: 'ACTIVE' });
  });
});

describe('four eyes on money', () => {
  it('an adjustment waits for a second operator: the proposer cannot approve it, another can, the books balance', async () => {
    const balance = async () =>
      (await owner.get<Balance>('/api/merchant/balance', { mchNo: 'M100000001' })).body.data.availableFen;
    const before = await balance();
    const proposer = await signedInOperator(t, ['FINANCE'], 'finance');
    const second = await signedInOperator(t, ['FINANCE'], 'finance');
    const proposed = await proposer.client.post<ApprovalItem>('/api/ops/approval/propose', {
      kind: 'ADJUSTMENT',
      mchNo: 'M100000001',
      amountFen: 12_345,
      reason: '渠道手续费返还',
    });
    expect(proposed.body).toMatchObject({ code: 200, data: { status: 'PENDING', kind: 'ADJUSTMENT' } });
    const approvalNo = proposed.body.data.approvalNo;
    expect(approvalNo).toMatch(/^E\d{20}$/);
    expect(await balance()).toBe(before);

    const own = await proposer.client.post('/api/ops/approval/approve', { approvalNo });
    expect(own.body).toMatchObject({ code: 403, msg: /another operator must approve/ });
    const reviewer = await signedInOperator(t, ['REVIEWER']);
    expect((await reviewer.client.post('/api/ops/approval/approve', { approvalNo })).body.code).toBe(403);
    expect(await balance()).toBe(before);

    const approved = await second.client.post<ApprovalItem>('/api/ops/approval/approve', { approvalNo, note: 'ok' });
    expect(approved.body).toMatchObject({
      code: 200,
      data: {
        status: 'APPROVED',
        proposedBy: { operatorId: proposer.operatorId },
        decidedBy: { operatorId: second.operatorId },
      },
    });
    expect(await balance()).toBe(before + 12_345);
    expect(await checkLedger(t.database.db)).toEqual([]);
    // Decided once: a second approval is refused and moves nothing.
    expect((await second.client.post('/api/ops/approval/approve', { approvalNo })).body.code).toBe(409);
    expect(await balance()).toBe(before + 12_345);
  });

  it('a debit larger than the balance fails on approval and moves nothing', async () => {
    const proposer = await signedInOperator(t, ['FINANCE'], 'finance');
    const second = await signedInOperator(t, ['ADMIN'], 'admin');
    const proposed = await proposer.client.post<ApprovalItem>('/api/ops/approval/propose', {
      kind: 'ADJUSTMENT',
      mchNo: 'M100000003',
      amountFen: -99_000_000,
      reason: 'too much',
    });
    const approved = await second.client.post<ApprovalItem>('/api/ops/approval/approve', {
      approvalNo: proposed.body.data.approvalNo,
    });
    expect(approved.body.data.status).toBe('FAILED');
    expect(approved.body.data.result).toBeTruthy();
    expect(await checkLedger(t.database.db)).toEqual([]);
  });
});

describe('the console reads', () => {
  it('every list and report answers an admin with the demo data', async () => {
    const admin = await signedInOperator(t, ['ADMIN'], 'admin');
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const overview = await admin.client.post<{
      days: { paymentCount: number }[];
      merchantsByStatus: Record<string, number>;
    }>('/api/ops/overview', { from, to: day });
    expect(overview.body.code).toBe(200);
    expect(overview.body.data.days.reduce((n, d) => n + d.paymentCount, 0)).toBeGreaterThan(0);
    expect(overview.body.data.merchantsByStatus.ACTIVE).toBeGreaterThan(0);
    const runs = await admin.client.post<{ day: string; settled: number }[]>('/api/ops/settlement/runs', {});
    expect(runs.body.code).toBe(200);
    expect(runs.body.data.some((r) => r.settled > 0)).toBe(true);
    const settlements = await admin.client.post<{ rows: { companyName: string }[] }>('/api/ops/settlement/list', {});
    expect(settlements.body.data.rows[0]!.companyName).toBeTruthy();
    const reconcile = await admin.client.post<{ differences: string[] }>('/api/ops/reconcile', { day });
    expect(reconcile.body).toMatchObject({ code: 200, data: { differences: [] } });
    for (const [method, url, body] of [
      ['POST', '/api/ops/payout/list', {}],
      ['GET', '/api/ops/split/receivers-owed', undefined],
      ['POST', '/api/ops/approval/list', { status: ['PENDING', 'APPROVED', 'FAILED'] }],
      ['GET', '/api/ops/operator/list', undefined],
      ['POST', '/api/ops/company/list', { q: '咖啡' }],
      ['POST', '/api/ops/merchant/list', { status: ['ACTIVE'] }],
      ['POST', '/api/ops/split/queue', { status: ['SUBMITTED', 'APPROVED'] }],
      ['POST', '/api/ops/onboarding/queue', { minAgeHours: 1 }],
      ['POST', '/api/ops/audit/list', { action: 'approval.' }],
    ] as const) {
      const res = method === 'GET' ? await admin.client.get(url) : await admin.client.post(url, body);
      expect([url, res.body.code]).toEqual([url, 200]);
    }
    const companies = await admin.client.post<{ rows: { companyId: number; merchantCount: number }[] }>(
      '/api/ops/company/list',
      {},
    );
    const first = companies.body.data.rows.find((c) => c.merchantCount > 0)!;
    const company = await admin.client.get<{ merchants: unknown[] }>('/api/ops/company/detail', {
      companyId: first.companyId,
    });
    expect(company.body.data.merchants.length).toBe(first.merchantCount);
  });

  it('the organisations are found by id up to the largest, and a number past it is only text', async () => {
    const admin = await signedInOperator(t, ['ADMIN'], 'ids');
    const owner = (await t.database.executeSql('select id from users order by id limit 1')).rows[0]!.id;
    await t.database.executeSql(
      `insert into companies (id, name, credit_code, contact_name, contact_mobile, created_by)
       overriding system value values (2147483647, '最后一号', '91330100MA2ZZZZZ9X', '张三', '13900000000', $1)`,
      [owner],
    );
    const search = async (q: string) =>
      (await admin.client.post<{ rows: { companyId: number }[] }>('/api/ops/company/list', { q })).body;
    expect((await search('2147483647')).data.rows.map((c) => c.companyId)).toEqual([2147483647]);
    // Past the ids' range: no organisation, and no failed query.
    expect(await search('2147483648')).toMatchObject({ code: 200, data: { rows: [] } });
  });
});
