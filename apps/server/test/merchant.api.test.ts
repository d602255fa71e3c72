import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, ChannelListItem, InitCompletionStatus, MerchantDetail, MerchantPage } from '@mchweb/contract';
import { BizError } from '../src/errors.ts';
import { assertMerchantCanTakePayments } from '../src/modules/merchant/index.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';

let t: TestApp;
let owner: TestClient;
let admin: TestClient;
let cashier: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  [owner, admin, cashier] = [
    await t.signIn('13800138000'),
    await t.signIn('13800138001'),
    await t.signIn('13800138003'),
  ];
});
afterAll(async () => t.close());

const list = async (client: TestClient, body: object = {}) =>
  (await client.post<MerchantPage>('/api/merchant/merchant/list', body)).body;
const detail = (client: TestClient, mchNo: string) =>
  client.get<MerchantDetail>('/api/merchant/merchant/detail', { mchNo });

describe('the merchant list', () => {
  it('lists the organisation’s merchants newest first, with their channels; every member with merchant:view', async () => {
    const all = await list(cashier);
    expect(all.code).toBe(200);
    expect(all.data.rows.map((m) => [m.mchNo, m.status])).toEqual([
      ['M100001001', 'ACTIVE'],
      ['M100000005', 'CLOSED'],
      ['M100000004', 'FROZEN'],
      ['M100000002', 'ACTIVE'],
      ['M100000001', 'ACTIVE'],
    ]);
    expect(all.data.rows[4]).toMatchObject({
      name: '晨光咖啡西湖店 Morning Light West Lake',
      type: 'ENTERPRISE',
      category: 'CATERING',
      channels: ['WECHAT', 'ALIPAY', 'UNIONPAY'],
      applyNo: null,
    });
    expect(all.data.rows[0]!.applyNo).toMatch(/^A\d{20}$/);
    expect(all.data).toMatchObject({ hasMore: false, nextCursor: null });
  });

  it('filters by status, type, channel, name (or short name) and number; pages by keyset', async () => {
    const numbers = async (body: object) => (await list(owner, body)).data.rows.map((m) => m.mchNo);
    expect(await numbers({ status: ['FROZEN', 'CLOSED'] })).toEqual(['M100000005', 'M100000004']);
    expect(await numbers({ type: ['INDIVIDUAL'] })).toEqual(['M100001001', 'M100000004']);
    expect(await numbers({ channel: 'UNIONPAY' })).toEqual(['M100001001', 'M100000001']);
    expect(await numbers({ name: '滨江' })).toEqual(['M100000002']);
    expect(await numbers({ name: '晨光快闪' })).toEqual(['M100000005']);
    expect(await numbers({ mchNo: 'M100000004' })).toEqual(['M100000004']);
    expect(await numbers({ mchNo: 'M100000003' })).toEqual([]); // the bakery's
    expect(await numbers({ status: ['ACTIVE'], type: ['ENTERPRISE'], channel: 'ALIPAY' })).toEqual([
      'M100000002',
      'M100000001',
    ]);

    const first = (await list(owner, { limit: 2 })).data;
    expect(first.rows).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const seen = [...first.rows.map((m) => m.mchNo)];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = (await list(owner, { limit: 2, cursor })).data;
      seen.push(...next.rows.map((m) => m.mchNo));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual((await list(owner, { limit: 100 })).data.rows.map((m) => m.mchNo));
  });

  it('refuses bad filters with a message naming them', async () => {
    expect((await list(owner, { status: ['ASLEEP'] })).msg).toMatch(
      /^body\.status\.0: must be one of "ACTIVE", "FROZEN"/,
    );
    expect((await list(owner, { limit: 101 })).msg).toMatch(/^body\.limit: /);
    expect((await list(owner, { cursor: '-1' })).msg).toBe('body.cursor: is not a cursor this list gave out');
  });
});

describe('the merchant detail', () => {
  it('has rates, the settlement account masked, and the status history with who and why', async () => {
    const res = await detail(owner, 'M100000004');
    expect(res.body.code).toBe(200);
    const m = res.body.data;
    expect(m).toMatchObject({
      mchNo: 'M100000004',
      type: 'INDIVIDUAL',
      status: 'FROZEN',
      legalPersonName: '王芳',
      channels: [
        { channel: 'WECHAT', rate: 3.8 },
        { channel: 'ALIPAY', rate: 3.8 },
      ],
      settlement: { accountType: 'PERSONAL', bankName: '中国工商银行', accountName: '王芳' },
    });
    expect(m.settlement.accountNumberMasked).toMatch(/^\*{4}\d{4}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/62220212020012345/);
    expect(m.statusHistory.map((h) => [h.from, h.to, h.by])).toEqual([
      [null, 'ACTIVE', '王芳 Wang Fang'],
      ['ACTIVE', 'FROZEN', '王芳 Wang Fang'],
    ]);
    expect(m.statusHistory[1]!.reason).toMatch(/^收到异常交易投诉/);
  });

  it("another organisation's merchant, or none, is not found", async () => {
    for (const mchNo of ['M100000003', 'M999999999']) {
      expect((await detail(owner, mchNo)).body).toMatchObject({ code: 404, msg: 'Merchant not found', data: null });
    }
    expect((await detail(owner, 'X1')).body.msg).toBe('querystring.mchNo: must be a merchant number like M100000001');
  });
});

describe('freeze and unfreeze', () => {
  it('ACTIVE -> FROZEN -> ACTIVE with history and audit; the payments hook follows', async () => {
    await assertMerchantCanTakePayments(t.database.db, 'M100000002');
    const frozen = await admin.post('/api/merchant/merchant/freeze', { mchNo: 'M100000002', reason: '核对账户' });
    expect(frozen.body).toMatchObject({ code: 200, data: { mchNo: 'M100000002', status: 'FROZEN' } });
    await expect(assertMerchantCanTakePayments(t.database.db, 'M100000002')).rejects.toThrow(
      'mchNo: the merchant is frozen and cannot take payments until it is unfrozen',
    );
    const again = await admin.post('/api/merchant/merchant/freeze', { mchNo: 'M100000002', reason: 'twice' });
    expect(again.body).toMatchObject({ code: 409, msg: 'mchNo: the merchant is already frozen' });

    const thawed = await owner.post<{ status: string }>('/api/merchant/merchant/unfreeze', { mchNo: 'M100000002' });
    expect(thawed.body.data.status).toBe('ACTIVE');
    await assertMerchantCanTakePayments(t.database.db, 'M100000002');
    const notFrozen = await owner.post('/api/merchant/merchant/unfreeze', { mchNo: 'M100000002' });
    expect(notFrozen.body).toMatchObject({
      code: 409,
      msg: 'mchNo: the merchant is not frozen, so it cannot be unfrozen',
    });

    const history = (await detail(owner, 'M100000002')).body.data.statusHistory;
    expect(history.map((h) => [h.from, h.to, h.by, h.reason])).toEqual([
      [null, 'ACTIVE', '王芳 Wang Fang', null],
      ['ACTIVE', 'FROZEN', '李强 Li Qiang', '核对账户'],
      ['FROZEN', 'ACTIVE', '王芳 Wang Fang', null],
    ]);
    const audit = (await owner.get<AuditPage>('/api/merchant/audit/list', { limit: 2 })).body.data.items;
    expect(audit.map((a) => [a.action, a.targetId])).toEqual([
      ['merchant.unfreeze', 'M100000002'],
      ['merchant.freeze', 'M100000002'],
    ]);
  });

  it('a closed merchant stays closed; the hook refuses it', async () => {
    const res = await owner.post('/api/merchant/merchant/unfreeze', { mchNo: 'M100000005' });
    expect(res.body).toMatchObject({
      code: 409,
      msg: 'mchNo: the merchant is closed; a closed merchant cannot be frozen or unfrozen',
    });
    const err = await assertMerchantCanTakePayments(t.database.db, 'M100000005').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BizError);
    expect((err as BizError).text['zh-CN']).toBe('mchNo: 该商户已关闭，不能收款');
    await expect(assertMerchantCanTakePayments(t.database.db, 'M000000000')).rejects.toThrow('Merchant not found');
  });

  it('needs merchant:edit and a reason to freeze; another organisation’s merchant is not found', async () => {
    const refused = await cashier.post('/api/merchant/merchant/freeze', { mchNo: 'M100000001', reason: 'x' });
    expect(refused.body.code).toBe(403);
    expect((await owner.post('/api/merchant/merchant/freeze', { mchNo: 'M100000001' })).body.msg).toBe(
      'body.reason: is required',
    );
    const foreign = await owner.post('/api/merchant/merchant/freeze', { mchNo: 'M100000003', reason: 'not mine' });
    expect(foreign.body).toMatchObject({ code: 404, msg: 'Merchant not found' });
  });
});

describe('channels', () => {
  it('every channel with its default rate and the merchants taking it', async () => {
    const res = await owner.get<ChannelListItem[]>('/api/merchant/channel/list');
    expect(res.body.data.map((c) => [c.channel, c.defaultRate, c.merchantCount])).toEqual([
      ['WECHAT', 3.8, 5],
      ['ALIPAY', 3.8, 4],
      ['UNIONPAY', 5.5, 2],
    ]);
    expect(res.body.data[2]!.merchants).toEqual([
      { mchNo: 'M100001001', name: '杭州市下城区晨光咖啡武林店', rate: 5.5 },
      { mchNo: 'M100000001', name: '晨光咖啡西湖店 Morning Light West Lake', rate: 5.5 },
    ]);
    expect((await cashier.get('/api/merchant/channel/list')).body.code).toBe(403);
  });
});

describe('the getting-started checklist', () => {
  it('ticks firstMerchant for an organisation with a merchant', async () => {
    const steps = (await owner.get<InitCompletionStatus>('/api/merchant/feeManager/getInitCompletionStatus')).body.data
      .steps;
    expect(steps.find((s) => s.key === 'firstMerchant')).toEqual({
      key: 'firstMerchant',
      done: true,
      path: '/merchant-entry',
    });
  });
});
