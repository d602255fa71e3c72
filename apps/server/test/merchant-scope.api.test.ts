import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BillSummary,
  ChannelListItem,
  CodeListItem,
  CodePage,
  CurrentUserData,
  DashboardOverview,
  SplitPage,
  LoginData,
  MerchantPage,
  OrderPage,
  OrderSummary,
  SettlementPage,
  TransferPage,
} from '@mchweb/contract';
import { addDays, dayOf } from '../src/business-day.ts';
import { createTestApp, DEMO_PASSWORD, type Reply, type TestApp, type TestClient } from './harness.ts';
import { codeFor } from './payment-fixtures.ts';
import {
  A,
  B,
  csvLines,
  customRole,
  demoOwner,
  download,
  M,
  MANAGER_PERMISSIONS,
  newMember,
  stranger as newStranger,
} from './scope-fixtures.ts';

/*
 * Issue 11: a member limited to some merchants. The demo coffee shop's Cashier and a shop manager of a custom role
 * (every permission but the profile's and roles') are limited to merchant A (M100000002); everything of merchant B
 * (M100000001) must answer them exactly as another organisation's object answers, and every list, total, export and
 * dashboard figure must hold A's records only.
 */
let t: TestApp;
let owner: TestClient;
let cashier: TestClient;
let manager: TestClient;
let stranger: TestClient;
let idOf: (mchNo: string) => number;
const TZ = 'Asia/Shanghai';
const today = dayOf(new Date(), TZ);
const WIDE = { from: addDays(today, -35) };

beforeAll(async () => {
  // The access cache on, as in production: every answer below comes through it.
  t = await createTestApp({ config: { accessCacheMs: 60_000 } });
  const demo = await demoOwner(t);
  owner = demo.owner;
  idOf = demo.idOf;
  const cashierRow = (await owner.get<{ memberId: number; roleCode: string }[]>(`${M}/staff/list`)).body.data.find(
    (m) => m.roleCode === 'CASHIER',
  )!;
  const limited = await owner.post(`${M}/staff/setMerchants`, {
    memberId: cashierRow.memberId,
    merchantIds: [idOf(A)],
  });
  expect(limited.body.code, limited.body.msg).toBe(200);
  cashier = await t.signIn('13800138003');
  const role = await customRole(owner, 'Shop manager', MANAGER_PERMISSIONS);
  manager = (await newMember(t, owner, demo.companyId, role, [idOf(A)])).client;
  stranger = await newStranger(t);
});
afterAll(async () => t.close());

/** The answer of a refusal as a caller sees it: the envelope without anything that may differ per call. */
const refusal = (r: Reply<unknown>) => ({ http: r.http, code: r.body.code, msg: r.body.msg, data: r.body.data });
const ownerRows = async <T>(url: string, body: object) => (await owner.post<{ rows: T[] }>(url, body)).body.data.rows;

describe('a member limited to merchant A (issue 11)', () => {
  it("a Cashier limited to A lists and totals only A's orders (the list and summary the page polls), and sign-in and getCurrentUser name only A", async () => {
    const login = await t.client().post<LoginData>(`${M}/login`, { account: '13800138003', password: DEMO_PASSWORD });
    expect(login.body.data.mchInfo.map((m) => m.mchNo)).toEqual([A]);
    const me = await cashier.get<CurrentUserData>(`${M}/user/getCurrentUser`);
    expect(me.body.data!.mchList.map((m) => m.mchNo)).toEqual([A]);

    const page = (await cashier.post<OrderPage>(`${M}/order/list`, { ...WIDE, limit: 100 })).body.data;
    expect(page.rows.length).toBeGreaterThan(10);
    expect(new Set(page.rows.map((o) => o.mchNo))).toEqual(new Set([A]));
    // Asking for B as well narrows nothing into B: the filter works within the scope.
    const both = (await cashier.post<OrderPage>(`${M}/order/list`, { ...WIDE, mchNos: [A, B], limit: 100 })).body.data;
    expect(both.rows.map((o) => o.orderNo)).toEqual(page.rows.map((o) => o.orderNo));
    const onlyB = (await cashier.post<OrderPage>(`${M}/order/list`, { ...WIDE, mchNos: [B] })).body.data;
    expect(onlyB.rows).toEqual([]);

    const mine = (await cashier.post<OrderSummary>(`${M}/order/summary`, WIDE)).body.data;
    const ownersA = (await owner.post<OrderSummary>(`${M}/order/summary`, { ...WIDE, mchNos: [A] })).body.data;
    const ownersAll = (await owner.post<OrderSummary>(`${M}/order/summary`, WIDE)).body.data;
    expect(mine).toEqual(ownersA);
    expect(mine.count).toBeLessThan(ownersAll.count);
    // The paid-time filter reads the order rows rather than the day totals: the same scope there.
    const paid = { ...WIDE, timeField: 'paid' };
    expect((await cashier.post<OrderSummary>(`${M}/order/summary`, paid)).body.data).toEqual(
      (await owner.post<OrderSummary>(`${M}/order/summary`, { ...paid, mchNos: [A] })).body.data,
    );
  });

  it("an order of B answers the limited member exactly as another organisation's order does: detail and refund", async () => {
    const [ofB] = await ownerRows<{ orderNo: string; refundableFen: number }>(`${M}/order/list`, {
      ...WIDE,
      mchNos: [B],
      statuses: ['SUCCESS'],
    });
    const [ofA] = await ownerRows<{ orderNo: string }>(`${M}/order/list`, { ...WIDE, mchNos: [A] });
    const detail = { orderNo: ofB!.orderNo };
    const foreign = refusal(await stranger.get(`${M}/order/detail`, detail));
    expect(foreign).toMatchObject({ http: 200, code: 404 });
    expect(refusal(await cashier.get(`${M}/order/detail`, detail))).toEqual(foreign);
    expect(refusal(await manager.get(`${M}/order/detail`, detail))).toEqual(foreign);
    expect((await cashier.get(`${M}/order/detail`, { orderNo: ofA!.orderNo })).body.code).toBe(200);

    const refund = { orderNo: ofB!.orderNo, amountFen: 1, reason: 'scope test', idempotencyKey: 'scope-refund-b' };
    const foreignRefund = refusal(await stranger.post(`${M}/order/refund`, refund));
    expect(foreignRefund).toMatchObject({ code: 404 });
    expect(refusal(await manager.post(`${M}/order/refund`, refund))).toEqual(foreignRefund);
    // The Cashier may not refund at all: its role says so before any order is looked at.
    expect((await cashier.post(`${M}/order/refund`, refund)).body.code).toBe(403);
    // A refund the owner made of B's order, asked again with its key by the manager: still not found.
    const made = await owner.post(`${M}/order/refund`, { ...refund, idempotencyKey: 'owner-refund-b' });
    expect(made.body.code, made.body.msg).toBe(200);
    expect(refusal(await manager.post(`${M}/order/refund`, { ...refund, idempotencyKey: 'owner-refund-b' }))).toEqual(
      foreignRefund,
    );
  });

  it("a limited member's export holds A's orders only, as many as its summary counts", async () => {
    const res = await download(t, manager, `${M}/exportOrder`, { filter: WIDE, format: 'csv' });
    expect(res.statusCode).toBe(200);
    const lines = csvLines(res.body);
    const count = (await manager.post<OrderSummary>(`${M}/order/summary`, WIDE)).body.data.count;
    expect(lines).toHaveLength(count);
    expect(new Set(lines.map((l) => l.split(',')[1]))).toEqual(new Set([A]));
  });

  it("the dashboard counts only A: the trend, channels and top merchants are A's trade, the balances A's money", async () => {
    const mine = (await cashier.get<DashboardOverview>(`${M}/dashboard/overview`)).body;
    // The Cashier has no overview:view; the manager has, and is limited the same way.
    expect(mine.code).toBe(403);
    const limited = (await manager.get<DashboardOverview>(`${M}/dashboard/overview`)).body.data;
    const all = (await owner.get<DashboardOverview>(`${M}/dashboard/overview`)).body.data;
    const ownersA = all.topMerchants.find((m) => m.mchNo === A)!;
    expect(limited.topMerchants).toEqual([ownersA]);
    const trend = limited.trend.reduce((s, d) => ({ count: s.count + d.count, amountFen: s.amountFen + d.amountFen }), {
      count: 0,
      amountFen: 0,
    });
    expect(trend).toEqual({ count: ownersA.count, amountFen: ownersA.amountFen });
    expect(limited.channels.reduce((s, c) => s + c.count, 0)).toBe(ownersA.count);
    const balance = (await owner.get<{ pendingFen: number; availableFen: number }>(`${M}/balance`, { mchNo: A })).body
      .data;
    expect([limited.pendingFen, limited.availableFen]).toEqual([balance.pendingFen, balance.availableFen]);
    expect(all.availableFen).toBeGreaterThan(limited.availableFen);
  });

  it("payment codes: A's codes and unbound ones are listed; an unbound code binds to A; B's codes and B itself are not found", async () => {
    const boundToB = await codeFor(t.database.db, B);
    const boundToA = await codeFor(t.database.db, A);
    const unbound = await codeFor(t.database.db, A, { status: 'UNBOUND' });
    const rows: CodeListItem[] = (await cashier.post<CodePage>(`${M}/code/list`, { limit: 100 })).body.data.rows;
    expect(rows.every((c) => c.mchNo === A || c.mchNo === null)).toBe(true);
    expect(rows.map((c) => c.codeNo)).toEqual(expect.arrayContaining([boundToA, unbound]));
    expect(rows.map((c) => c.codeNo)).not.toContain(boundToB);
    expect((await cashier.post<CodePage>(`${M}/code/list`, { mchNo: B })).body.data.rows).toEqual([]);
    expect((await cashier.get(`${M}/code/png`, { codeNo: boundToB })).body.code).toBe(404);

    const foreignCode = refusal(await stranger.post(`${M}/code/unbind`, { codeNo: boundToB }));
    expect(foreignCode).toMatchObject({ code: 404 });
    expect(refusal(await cashier.post(`${M}/code/unbind`, { codeNo: boundToB }))).toEqual(foreignCode);
    expect(refusal(await cashier.post(`${M}/code/bind`, { codeNo: boundToB, mchNo: A }))).toEqual(foreignCode);
    expect(refusal(await manager.post(`${M}/code/disable`, { codeNo: boundToB }))).toEqual(foreignCode);
    // B as the merchant to bind to: the answer a merchant number the organisation does not have gets.
    const foreignMerchant = refusal(await cashier.post(`${M}/code/bind`, { codeNo: unbound, mchNo: 'M999999999' }));
    expect(foreignMerchant).toMatchObject({ code: 404 });
    expect(refusal(await cashier.post(`${M}/code/bind`, { codeNo: unbound, mchNo: B }))).toEqual(foreignMerchant);

    const bound = await cashier.post<CodeListItem>(`${M}/code/bind`, { codeNo: unbound, mchNo: A });
    expect(bound.body.data).toMatchObject({ status: 'BOUND', mchNo: A });
    expect((await cashier.post(`${M}/code/unbind`, { codeNo: boundToA })).body.code).toBe(200);
  });

  it('merchants, channels, balances and transfers: B is not found, lists and counts hold A only', async () => {
    const merchants = (await cashier.post<MerchantPage>(`${M}/merchant/list`, {})).body.data.rows;
    expect(merchants.map((m) => m.mchNo)).toEqual([A]);
    const foreign = refusal(await stranger.get(`${M}/merchant/detail`, { mchNo: B }));
    expect(foreign).toMatchObject({ code: 404 });
    expect(refusal(await cashier.get(`${M}/merchant/detail`, { mchNo: B }))).toEqual(foreign);
    expect((await cashier.get(`${M}/merchant/detail`, { mchNo: A })).body.code).toBe(200);
    const freeze = { mchNo: B, reason: 'scope test' };
    expect(refusal(await manager.post(`${M}/merchant/freeze`, freeze))).toEqual(
      refusal(await stranger.post(`${M}/merchant/freeze`, freeze)),
    );
    const channels = (await manager.get<ChannelListItem[]>(`${M}/channel/list`)).body.data;
    for (const c of channels) {
      expect(c.merchants.every((m) => m.mchNo === A)).toBe(true);
      expect(c.merchantCount).toBeLessThanOrEqual(1);
    }

    expect(refusal(await manager.get(`${M}/balance`, { mchNo: B }))).toEqual(
      refusal(await stranger.get(`${M}/balance`, { mchNo: B })),
    );
    const [transferOfB] = await ownerRows<{ transferNo: string }>(`${M}/transfer/list`, { ...WIDE, mchNos: [B] });
    expect(transferOfB).toBeDefined();
    const query = { transferNo: transferOfB!.transferNo };
    expect(refusal(await manager.get(`${M}/transfer/detail`, query))).toEqual(
      refusal(await stranger.get(`${M}/transfer/detail`, query)),
    );
    expect((await manager.post<TransferPage>(`${M}/transfer/list`, WIDE)).body.data.rows).toEqual([]);
    const create = { mchNo: B, accountId: 1, amountFen: 100, idempotencyKey: 'scope-transfer-b' };
    expect(refusal(await manager.post(`${M}/transfer/create`, create))).toMatchObject({ code: 404 });
  });

  it("settlements and trade bills: list, totals and export hold A's only; the organisation's day covers A only; B's settlement and B's bill are not found", async () => {
    const mine = (await manager.post<SettlementPage>(`${M}/settlement/list`, { limit: 100 })).body.data.rows;
    expect(mine.length).toBeGreaterThan(5);
    expect(new Set(mine.map((s) => s.mchNo))).toEqual(new Set([A]));
    expect((await manager.post(`${M}/settlement/summary`, {})).body.data).toEqual(
      (await owner.post(`${M}/settlement/summary`, { mchNos: [A] })).body.data,
    );
    const exported = csvLines(
      (await download(t, manager, `${M}/exportSettlement`, { filter: {}, format: 'csv' })).body,
    );
    expect(exported).toHaveLength(mine.length);
    expect(exported.every((l) => l.split(',')[2] === A)).toBe(true);

    const [ofB] = await ownerRows<{ settleNo: string; settleDate: string }>(`${M}/settlement/list`, { mchNos: [B] });
    for (const [url, body] of [
      [`${M}/settlement/movements`, { settleNo: ofB!.settleNo }],
      [`${M}/bill/summary`, { mchNo: B, date: ofB!.settleDate }],
      [`${M}/bill/rows`, { mchNo: B, date: ofB!.settleDate }],
    ] as const) {
      expect([url, refusal(await manager.post(url, body))]).toEqual([url, refusal(await stranger.post(url, body))]);
    }
    expect(refusal(await manager.get(`${M}/settlement/detail`, { settleNo: ofB!.settleNo }))).toEqual(
      refusal(await stranger.get(`${M}/settlement/detail`, { settleNo: ofB!.settleNo })),
    );

    // The organisation's day, for a member limited to A, is A's day.
    const day = ofB!.settleDate;
    const orgDay = (await manager.post<BillSummary>(`${M}/bill/summary`, { date: day })).body.data;
    const aDay = (await owner.post<BillSummary>(`${M}/bill/summary`, { mchNo: A, date: day })).body.data;
    const ownersDay = (await owner.post<BillSummary>(`${M}/bill/summary`, { date: day })).body.data;
    expect(orgDay.total).toEqual(aDay.total);
    expect(orgDay.settlements.map((s) => s.mchNo)).toEqual([A]);
    expect(ownersDay.total.tradeCount).toBeGreaterThan(orgDay.total.tradeCount);
    const billFile = await download(t, manager, `${M}/exportTradeBill`, { date: day, format: 'csv' });
    const billLines = csvLines(billFile.body);
    expect(billLines.length).toBeGreaterThan(0);
    expect(billLines.every((l) => l.split(',')[1] === A)).toBe(true);
  });

  it("profit sharing: B's application is not found, the list holds A's only, and B cannot be named as a receiver", async () => {
    const external = {
      type: 'EXTERNAL',
      name: 'Scope test',
      accountNo: '6222020200012345670',
      bankName: 'Bank',
      ratio: 5,
    };
    const ofB = await owner.post<{ applyNo: string }>(`${M}/div/apply`, { mchNo: B, receivers: [external] });
    expect(ofB.body.code, ofB.body.msg).toBe(200);
    const query = { applyNo: ofB.body.data.applyNo };
    expect(refusal(await manager.get(`${M}/div/detail`, query))).toEqual(
      refusal(await stranger.get(`${M}/div/detail`, query)),
    );
    expect(refusal(await manager.post(`${M}/div/cancel`, query))).toMatchObject({ code: 404 });
    const rows = (await manager.post<SplitPage>(`${M}/div/list`, {})).body.data.rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.mchNo === A)).toBe(true);
    const naming = await manager.post(`${M}/div/apply`, {
      mchNo: A,
      receivers: [{ type: 'MERCHANT', mchNo: B, ratio: 5 }],
    });
    expect(naming.body.code).toBe(404);
    expect((await manager.post(`${M}/div/apply`, { mchNo: B, receivers: [external] })).body.code).toBe(404);
  });
});
