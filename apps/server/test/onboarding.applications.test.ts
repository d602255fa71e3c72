import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDetail, ApplicationPage, ApplicationProgress } from '@mchweb/contract';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { documentsFor, enterprise, idNumber, individualBusiness, submittedApplication } from './onboarding-fixtures.ts';

let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('13800138000');
});
afterAll(async () => t.close());

const save = (client: TestClient, body: object) => client.post<{ applyNo: string }>('/api/merchant/inco/save', body);
const submit = (client: TestClient, applyNo: string) =>
  client.post<{ applyNo: string; status: string }>('/api/merchant/inco/submit', { applyNo });
const detail = (client: TestClient, applyNo: string) =>
  client.get<ApplicationDetail>('/api/merchant/inco/detail', { applyNo });
const progress = async (applyNo: string) =>
  (await owner.get<ApplicationProgress>('/api/merchant/inco/progress', { applyNo })).body.data;

describe('drafts', () => {
  it('saves a partial draft, answers its applyNo, and reads it back with the CREATED event', async () => {
    const res = await save(owner, { subject: { type: 'ENTERPRISE', name: '  草稿公司  ' } });
    expect(res.body.code).toBe(200);
    const applyNo = res.body.data.applyNo;
    expect(applyNo).toMatch(/^A\d{20}$/);
    const got = (await detail(owner, applyNo)).body.data;
    expect(got).toMatchObject({
      applyNo,
      status: 'DRAFT',
      source: 'PORTAL',
      type: 'ENTERPRISE',
      name: '草稿公司',
      createdBy: '王芳 Wang Fang',
      submittedAt: null,
      application: { subject: { type: 'ENTERPRISE', name: '草稿公司' } },
    });
    expect((await progress(applyNo)).events.map((e) => [e.event, e.actor, e.by])).toEqual([
      ['CREATED', 'MEMBER', '王芳 Wang Fang'],
    ]);
  });

  it('refuses a present field that is invalid, naming it (nested), in English and Chinese', async () => {
    const bad = { legalPerson: { idNumber: idNumber('33010619880808001').slice(0, 17) + 'Y' } };
    const en = await save(owner, bad);
    expect(en.body).toMatchObject({
      code: 400,
      msg: 'body.legalPerson.idNumber: must be 18 characters: 17 digits and a digit or X',
    });
    const zh = await t.client(owner.token, 'zh-CN').post('/api/merchant/inco/save', bad);
    expect(zh.body.msg).toBe('body.legalPerson.idNumber: 须为 18 位：17 位数字加 1 位数字或 X');
    const wrongCheck = { legalPerson: { idNumber: idNumber('33010619880808001').slice(0, 17) + '0' } };
    const checkDigit = await t.client(owner.token, 'zh-CN').post('/api/merchant/inco/save', wrongCheck);
    expect(checkDigit.body.msg).toMatch(/^body\.legalPerson\.idNumber: 校验位不正确$/);
  });

  it('a repeated first save with the same idempotency key (double click, retry) makes one application', async () => {
    const key = 'key-double-click-1';
    const body = { subject: { name: '双击公司' }, idempotencyKey: key };
    const [a, b] = await Promise.all([save(owner, body), save(owner, body)]);
    expect(a.body.data.applyNo).toBe(b.body.data.applyNo);
    const again = await save(owner, { subject: { name: '双击公司 改' }, idempotencyKey: key });
    expect(again.body.data.applyNo).toBe(a.body.data.applyNo);
    expect((await detail(owner, a.body.data.applyNo)).body.data.name).toBe('双击公司 改');
    const list = (await owner.post<ApplicationPage>('/api/merchant/inco/list', { name: '双击公司' })).body.data;
    expect(list.rows).toHaveLength(1);
    // Another key is another application.
    const other = await save(owner, { subject: { name: '双击公司' }, idempotencyKey: 'key-double-click-2' });
    expect(other.body.data.applyNo).not.toBe(a.body.data.applyNo);
  });

  it('replaces the whole application of a draft; SAVED once per editing session', async () => {
    const { applyNo } = (await save(owner, { subject: { name: '替换公司' } })).body.data;
    await save(owner, {
      applyNo,
      subject: { name: '替换公司', shortName: '替换' },
      rates: [{ channel: 'WECHAT', rate: 3 }],
    });
    await save(owner, { applyNo, rates: [{ channel: 'ALIPAY', rate: 2.5 }] });
    const got = (await detail(owner, applyNo)).body.data;
    expect(got.application).toEqual({ rates: [{ channel: 'ALIPAY', rate: 2.5 }] });
    expect(got.name).toBeNull();
    expect((await progress(applyNo)).events.map((e) => e.event)).toEqual(['CREATED']);
  });

  it('an unknown applyNo, or one of another organisation, is not found', async () => {
    const missing = await save(owner, { applyNo: 'A20200101000000000000', subject: { name: 'x1' } });
    expect(missing.body).toMatchObject({ code: 404, msg: 'Application not found' });
    const { applyNo } = (await save(owner, { subject: { name: '别人的草稿' } })).body.data;
    const stranger = await t.signIn('13800138000');
    await stranger.post('/api/websession/changeCompany', { companyId: 2 });
    for (const res of [
      await detail(stranger, applyNo),
      await stranger.get('/api/merchant/inco/progress', { applyNo }),
      await save(stranger, { applyNo, subject: { name: 'mine now' } }),
      await submit(stranger, applyNo),
      await stranger.post('/api/merchant/inco/cancel', { applyNo }),
    ]) {
      expect(res.body).toMatchObject({ code: 404, data: null });
    }
    const theirs = (await stranger.post<ApplicationPage>('/api/merchant/inco/list', {})).body.data.rows;
    expect(theirs.map((r) => r.applyNo)).not.toContain(applyNo);
  });

  it('documents must be uploads of the organisation', async () => {
    const res = await save(owner, { documents: [{ kind: 'LICENCE', fileId: 'F' + 'a'.repeat(24) }] });
    expect(res.body).toMatchObject({
      code: 400,
      msg: 'documents.0.fileId: is not a file uploaded for this application; upload it again',
    });
  });
});

describe('submitting', () => {
  it('names every problem of an incomplete application at once, nested, in both languages', async () => {
    const app = individualBusiness();
    const draft = {
      ...app,
      subject: { ...app.subject, creditCode: undefined },
      legalPerson: { ...app.legalPerson, idValidFrom: '2030-01-01', idValidTo: '2029-01-01' },
      settlement: { ...app.settlement, accountName: '别人' },
      documents: [],
    };
    const { applyNo } = (await save(owner, draft)).body.data;
    const en = await submit(owner, applyNo);
    expect(en.body.code).toBe(400);
    expect(en.body.msg.split('; ')).toEqual([
      'legalPerson.idValidFrom: must not be in the future',
      'legalPerson.idValidTo: must be after idValidFrom',
      'subject.creditCode: is required',
      "settlement.accountName: must match the legal person's name for a personal account",
      'documents: must include LICENCE, must include ID_FRONT, must include ID_BACK, must include SHOP_FRONT, must include SHOP_INSIDE',
    ]);
    const zh = await t.client(owner.token, 'zh-CN').post('/api/merchant/inco/submit', { applyNo });
    expect(zh.body.msg.split('; ')).toEqual([
      'legalPerson.idValidFrom: 不能晚于今天',
      'legalPerson.idValidTo: 须晚于证件有效期起始日（idValidFrom）',
      'subject.creditCode: 必填',
      'settlement.accountName: 对私账户的户名须与法人姓名一致',
      'documents: 须上传营业执照（LICENCE），须上传身份证人像面（ID_FRONT），须上传身份证国徽面（ID_BACK），须上传门头照（SHOP_FRONT），须上传店内照（SHOP_INSIDE）',
    ]);
    // Missing sections are named too.
    const empty = (await save(owner, {})).body.data.applyNo;
    expect((await submit(owner, empty)).body.msg).toBe(
      'subject: is required; legalPerson: is required; settlement: is required; rates: is required; documents: is required',
    );
    const after = await detail(owner, applyNo);
    expect(after.body.msg).toBe('success');
    expect(after.body.data.status).toBe('DRAFT');
  });

  it('DRAFT -> SUBMITTED; a second submit answers the same; then it can be neither edited nor submitted again', async () => {
    const app = enterprise('杭州提交测试有限公司');
    const documents = await documentsFor(owner, 'ENTERPRISE');
    const { applyNo } = (await save(owner, { ...app, documents })).body.data;
    const [first, second] = await Promise.all([submit(owner, applyNo), submit(owner, applyNo)]);
    expect(first.body.data).toEqual({ applyNo, status: 'SUBMITTED' });
    expect(second.body.data).toEqual({ applyNo, status: 'SUBMITTED' });
    const got = (await detail(owner, applyNo)).body.data;
    expect(got.status).toBe('SUBMITTED');
    expect(got.submittedAt).not.toBeNull();
    // Stored as checked: the account number without its spaces.
    expect(got.application.settlement?.accountNumber).toBe('5719000012345678');
    expect((await progress(applyNo)).events.map((e) => e.event)).toEqual(['CREATED', 'SUBMITTED']);

    const edit = await save(owner, { applyNo, subject: { name: '改名' } });
    expect(edit.body).toMatchObject({
      code: 409,
      msg: 'applyNo: the application is SUBMITTED; only a draft or a rejected application can be edited',
    });
    const zh = await t.client(owner.token, 'zh-CN').post('/api/merchant/inco/save', { applyNo, rates: [] });
    expect(zh.body.msg).toBe('applyNo: 该申请当前为「已提交」，只有草稿或被驳回的申请可以修改');
  });

  it("refuses another organisation's upload as a document", async () => {
    const bakery = await t.signIn('13800138000');
    await bakery.post('/api/websession/changeCompany', { companyId: 2 });
    const theirs = await documentsFor(bakery, 'SMALL_MICRO');
    const ours = await documentsFor(owner, 'INDIVIDUAL');
    const app = individualBusiness();
    const res = await save(owner, { ...app, documents: [...ours.slice(0, 4), { ...theirs[0]!, kind: 'SHOP_INSIDE' }] });
    expect(res.body).toMatchObject({
      code: 400,
      msg: 'documents.4.fileId: is not a file uploaded for this application; upload it again',
    });
  });
});

describe('cancel', () => {
  it('DRAFT, SUBMITTED -> CANCELED with the reason on the timeline; CANCELED is final', async () => {
    const { applyNo } = (await save(owner, { subject: { name: '撤销草稿' } })).body.data;
    const canceled = await owner.post('/api/merchant/inco/cancel', { applyNo, reason: '不开了' });
    expect(canceled.body).toMatchObject({ code: 200, data: { applyNo, status: 'CANCELED' } });
    const timeline = await progress(applyNo);
    expect(timeline.events.at(-1)).toMatchObject({ event: 'CANCELED', actor: 'MEMBER', reason: '不开了' });
    for (const res of [
      await owner.post('/api/merchant/inco/cancel', { applyNo }),
      await submit(owner, applyNo),
      await save(owner, { applyNo, subject: { name: 'again' } }),
    ]) {
      expect(res.body.code).toBe(409);
      expect(res.body.msg).toMatch(/^applyNo: the application is CANCELED; only /);
    }
    const submitted = await submittedApplication(owner);
    const fromSubmitted = await owner.post<{ status: string }>('/api/merchant/inco/cancel', { applyNo: submitted });
    expect(fromSubmitted.body.data.status).toBe('CANCELED');
  });
});

describe('the list', () => {
  it('filters by status, name and creation time, newest first, in keyset pages', async () => {
    const names = ['列表甲', '列表乙', '列表丙'];
    const created: string[] = [];
    for (const name of names)
      created.push((await save(owner, { subject: { name, shortName: `${name}简` } })).body.data.applyNo);
    const page1 = (await owner.post<ApplicationPage>('/api/merchant/inco/list', { name: '列表', limit: 2 })).body.data;
    expect(page1.rows.map((r) => r.name)).toEqual(['列表丙', '列表乙']);
    expect(page1.hasMore).toBe(true);
    const page2 = (
      await owner.post<ApplicationPage>('/api/merchant/inco/list', { name: '列表', limit: 2, cursor: page1.nextCursor })
    ).body.data;
    expect(page2).toMatchObject({ hasMore: false, nextCursor: null });
    expect(page2.rows.map((r) => r.name)).toEqual(['列表甲']);
    // Short name matches too; % is a character, not a wildcard.
    expect(
      (await owner.post<ApplicationPage>('/api/merchant/inco/list', { name: '乙简' })).body.data.rows,
    ).toHaveLength(1);
    expect((await owner.post<ApplicationPage>('/api/merchant/inco/list', { name: '列%' })).body.data.rows).toHaveLength(
      0,
    );

    const all = (await owner.post<ApplicationPage>('/api/merchant/inco/list', { limit: 100 })).body.data.rows;
    const statuses = new Set(all.map((r) => r.status));
    // The demo data: every state.
    expect([...statuses].sort()).toEqual(['APPROVED', 'AUDITING', 'CANCELED', 'DRAFT', 'REJECTED', 'SUBMITTED']);
    const rejected = (await owner.post<ApplicationPage>('/api/merchant/inco/list', { status: ['REJECTED'] })).body.data
      .rows;
    expect(rejected.every((r) => r.status === 'REJECTED' && r.rejectReason)).toBe(true);
    const approved = (await owner.post<ApplicationPage>('/api/merchant/inco/list', { status: ['APPROVED'] })).body.data
      .rows;
    expect(approved[0]!.mchNo).toMatch(/^M\d{9}$/);

    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const todays = (
      await owner.post<ApplicationPage>('/api/merchant/inco/list', { createdFrom: today, createdTo: today, limit: 100 })
    ).body.data.rows;
    expect(todays.map((r) => r.applyNo)).toEqual(expect.arrayContaining(created));
    expect(todays.some((r) => r.status === 'APPROVED')).toBe(false); // the demo's is nine days old
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect(
      (await owner.post<ApplicationPage>('/api/merchant/inco/list', { createdFrom: future })).body.data.rows,
    ).toEqual([]);
  });

  it('refuses a cursor it did not give out, and bad filters, naming them', async () => {
    expect((await owner.post('/api/merchant/inco/list', { cursor: 'abc' })).body).toMatchObject({
      code: 400,
      msg: 'body.cursor: is not a cursor this list gave out',
    });
    const bad = await owner.post('/api/merchant/inco/list', { status: ['DRAFT', 'DRAFT'], createdFrom: '2026-02-30' });
    expect(bad.body.msg).toBe(
      'body.status: must not repeat a value; body.createdFrom: must be a date as YYYY-MM-DD or a time as ISO 8601 with offset',
    );
  });
});
