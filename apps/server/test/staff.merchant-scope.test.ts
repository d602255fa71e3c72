import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, CurrentUserData, OrderPage, Role, StaffMember } from '@mchweb/contract';
import { merchantIdByNo } from '../src/modules/merchant/index.ts';
import { memberships } from '../src/modules/staff/staff.tables.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { A, B, customRole, demoOwner, M, MANAGER_PERMISSIONS, newMember, newUser } from './scope-fixtures.ts';

/*
 * Issue 11: setting a member's merchants (POST /staff/setMerchants, and with an invitation): who may, what is
 * refused and how, and that the member's very next call works within the new scope.
 */
let t: TestApp;
let owner: TestClient;
let companyId: number;
let idOf: (mchNo: string) => number;
let cashierId: number;
let ownerId: number;
/** The bakery's merchant: a merchant of another organisation (the demo owner's second one). */
let foreignId: number;

beforeAll(async () => {
  // The access cache on, as in production (3 s there; long here, so only writes can empty it).
  t = await createTestApp({ config: { accessCacheMs: 60_000 } });
  const demo = await demoOwner(t);
  ({ owner, companyId, idOf } = demo);
  const list = (await owner.get<StaffMember[]>(`${M}/staff/list`)).body.data;
  cashierId = list.find((m) => m.roleCode === 'CASHIER')!.memberId;
  ownerId = list.find((m) => m.roleCode === 'OWNER')!.memberId;
  foreignId = (await merchantIdByNo(t.database.db, 'M100000003'))!;
});
afterAll(async () => t.close());

const setMerchants = (client: TestClient, memberId: number, merchantIds: unknown, language?: 'zh-CN') =>
  (language ? t.client(client.token, language) : client).post(`${M}/staff/setMerchants`, { memberId, merchantIds });
const staffRow = async (client: TestClient, memberId: number) =>
  (await client.get<StaffMember[]>(`${M}/staff/list`)).body.data.find((m) => m.memberId === memberId)!;

describe('setting the merchants of a member (issue 11)', () => {
  it('the owner can never be limited: setMerchants on an owner, an Owner invitation with merchants and making a limited member Owner are refused naming the field', async () => {
    const onOwner = await setMerchants(owner, ownerId, [idOf(A)]);
    expect(onOwner.body).toMatchObject({
      code: 400,
      msg: 'merchantIds: an owner always sees every merchant and cannot be limited to some',
    });
    expect((await setMerchants(owner, ownerId, [idOf(A)], 'zh-CN')).body.msg).toBe(
      'merchantIds: 所有者始终可以查看全部商户，不能限定商户范围',
    );
    expect((await setMerchants(owner, ownerId, null)).body.code).toBe(200); // all merchants: what an owner has

    const roles = (await owner.get<Role[]>(`${M}/role/list`)).body.data;
    const ownerRole = roles.find((r) => r.code === 'OWNER')!.roleId;
    const invited = await owner.post(`${M}/staff/invite`, {
      mobile: '13655550001',
      roleId: ownerRole,
      merchantIds: [idOf(A)],
    });
    expect(invited.body.msg).toBe('merchantIds: an owner always sees every merchant and cannot be limited to some');

    const limited = await owner.post<StaffMember>(`${M}/staff/invite`, {
      mobile: '13655550002',
      roleId: roles.find((r) => r.code === 'FINANCE')!.roleId,
      merchantIds: [idOf(A)],
    });
    expect(limited.body.data.merchantIds).toEqual([idOf(A)]);
    const promoted = await owner.post(`${M}/staff/setRole`, {
      memberId: limited.body.data.memberId,
      roleId: ownerRole,
    });
    expect(promoted.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^roleId: the member is limited/) });
    expect((await setMerchants(owner, limited.body.data.memberId, null)).body.code).toBe(200);
    const now = await owner.post(`${M}/staff/setRole`, { memberId: limited.body.data.memberId, roleId: ownerRole });
    expect(now.body.code, now.body.msg).toBe(200);
    expect((await staffRow(owner, limited.body.data.memberId)).merchantIds).toBeNull();
  });

  it("a scope change takes effect on the member's next request, a GET the access cache would have answered included", async () => {
    const cashier = await t.signIn('13800138003');
    const detailOfB = () => cashier.get(`${M}/merchant/detail`, { mchNo: B });
    // On PostgreSQL a write's notice to empty the cache also comes back to this process a moment later (LISTEN):
    // let the sign-in's arrive before the cache is filled, or it would empty it under the check below.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await detailOfB()).body.code).toBe(200);
    // Written straight into the database (no API write to empty the cache): the GET still answers from the cache,
    // which proves the cashier's membership is cached.
    await t.database.db
      .update(memberships)
      .set({ merchantIds: [idOf('M100000004')] })
      .where(eq(memberships.id, cashierId));
    expect((await detailOfB()).body.code).toBe(200);

    // Through the API: the write empties the cache, and the cashier's very next GET is within merchant A.
    expect((await setMerchants(owner, cashierId, [idOf(A)])).body.code).toBe(200);
    expect((await detailOfB()).body.code).toBe(404);
    expect((await cashier.get(`${M}/merchant/detail`, { mchNo: A })).body.code).toBe(200);
    const me = (await cashier.get<CurrentUserData>(`${M}/user/getCurrentUser`)).body.data!;
    expect(me.mchList.map((m) => m.mchNo)).toEqual([A]);

    // And back to every merchant, again from the next call.
    expect((await setMerchants(owner, cashierId, null)).body.code).toBe(200);
    expect((await detailOfB()).body.code).toBe(200);
    const again = (await cashier.get<CurrentUserData>(`${M}/user/getCurrentUser`)).body.data!;
    expect(again.mchList.length).toBeGreaterThan(1);
  });

  it("invalid merchant lists are refused beside the field in both languages: none, more than 200, one twice, another organisation's, one that does not exist", async () => {
    const cases: [unknown, string, string][] = [
      [[], 'body.merchantIds: must name at least 1 merchant', 'body.merchantIds: 至少选择 1 个商户'],
      [
        Array.from({ length: 201 }, (_, i) => i + 1),
        'body.merchantIds: must name at most 200 merchants',
        'body.merchantIds: 最多选择 200 个商户',
      ],
      [
        [idOf(A), idOf(A)],
        'body.merchantIds: must not name a merchant twice',
        'body.merchantIds: 同一商户不能重复添加',
      ],
      [
        [idOf(A), foreignId],
        `merchantIds: must be merchants of this organisation; not: ${foreignId}`,
        `merchantIds: 须为本机构的商户，以下不是：${foreignId}`,
      ],
      [
        [99_999_999, idOf(B)],
        'merchantIds: must be merchants of this organisation; not: 99999999',
        'merchantIds: 须为本机构的商户，以下不是：99999999',
      ],
      [[0], 'body.merchantIds.0: Too small: expected number to be >0', 'body.merchantIds.0: 须大于 0'],
    ];
    for (const [merchantIds, en, zh] of cases) {
      expect((await setMerchants(owner, cashierId, merchantIds)).body).toMatchObject({ code: 400, msg: en });
      expect((await setMerchants(owner, cashierId, merchantIds, 'zh-CN')).body.msg).toBe(zh);
    }
    // The same checks when inviting; nothing was changed by any refusal.
    const roleId = (await owner.get<Role[]>(`${M}/role/list`)).body.data.find((r) => r.code === 'CASHIER')!.roleId;
    const invite = await owner.post(`${M}/staff/invite`, { mobile: '13655550003', roleId, merchantIds: [foreignId] });
    expect(invite.body.msg).toBe(`merchantIds: must be merchants of this organisation; not: ${foreignId}`);
    expect((await staffRow(owner, cashierId)).merchantIds).toBeNull();
  });

  it("a member limited to some merchants grants only those: never every merchant, never another of the organisation's (refused as a foreign one)", async () => {
    const role = await customRole(owner, 'Area manager', MANAGER_PERMISSIONS);
    const manager = await newMember(t, owner, companyId, role, [idOf(A)]);
    const cashierRole = (await owner.get<Role[]>(`${M}/role/list`)).body.data.find((r) => r.code === 'CASHIER')!;
    const { mobile } = await newUser(t);
    const unlimited = await manager.client.post(`${M}/staff/invite`, { mobile, roleId: cashierRole.roleId });
    expect(unlimited.body.msg).toBe(
      'merchantIds: you are limited to some merchants yourself, so you can only give some of those: choose them',
    );
    const withB = await manager.client.post(`${M}/staff/invite`, {
      mobile,
      roleId: cashierRole.roleId,
      merchantIds: [idOf(B)],
    });
    expect(withB.body.msg).toBe(`merchantIds: must be merchants of this organisation; not: ${idOf(B)}`);
    const withA = await manager.client.post<StaffMember>(`${M}/staff/invite`, {
      mobile,
      roleId: cashierRole.roleId,
      merchantIds: [idOf(A)],
    });
    expect(withA.body.data).toMatchObject({ status: 'INVITED', merchantIds: [idOf(A)] });
    expect((await setMerchants(manager.client, cashierId, null)).body.code).toBe(400);
    expect((await setMerchants(manager.client, cashierId, [idOf(A)])).body.code).toBe(200);
    expect((await setMerchants(owner, cashierId, null)).body.code).toBe(200);
  });

  it("the staff list shows each member's merchants (names only of those the caller sees itself); the change is audited once", async () => {
    const both = [idOf(B), idOf(A)];
    expect((await setMerchants(owner, cashierId, both)).body.code).toBe(200);
    // Stored and answered in id order, whatever the order sent.
    const row = await staffRow(owner, cashierId);
    expect(row.merchantIds).toEqual([...both].sort((x, y) => x - y));
    expect(row.merchants.map((m) => m.mchNo).sort()).toEqual([B, A].sort());
    expect(row.merchants.find((m) => m.mchNo === A)!.name).toMatch(/滨江/);
    expect((await staffRow(owner, ownerId)).merchantIds).toBeNull();

    const role = await customRole(owner, 'Viewer of A', ['staff:view']);
    const viewer = await newMember(t, owner, companyId, role, [idOf(A)]);
    const seen = await staffRow(viewer.client, cashierId);
    expect(seen.merchantIds).toHaveLength(2);
    expect(seen.merchants.map((m) => m.mchNo)).toEqual([A]);

    // The same list again changes nothing and writes no second entry.
    expect((await setMerchants(owner, cashierId, [idOf(A), idOf(B)])).body.code).toBe(200);
    const audit = (await owner.get<AuditPage>(`${M}/audit/list`, { limit: 50 })).body.data.items;
    const entries = audit.filter((e) => e.action === 'staff.setMerchants' && e.targetId === String(cashierId));
    expect(entries[0]).toMatchObject({ targetType: 'member', detail: { from: null, to: row.merchantIds } });
    expect(entries.filter((e) => JSON.stringify(e.detail?.to) === JSON.stringify(row.merchantIds))).toHaveLength(1);
    expect((await setMerchants(owner, cashierId, null)).body.code).toBe(200);
  });

  it('an invitation carries its merchants: accepted, the member works within them from its first call', async () => {
    const roleId = (await owner.get<Role[]>(`${M}/role/list`)).body.data.find((r) => r.code === 'CASHIER')!.roleId;
    const member = await newMember(t, owner, companyId, roleId, [idOf(A)]);
    expect((await staffRow(owner, member.memberId)).status).toBe('ACTIVE');
    const orders = (await member.client.post<OrderPage>(`${M}/order/list`, { limit: 100 })).body.data.rows;
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.mchNo === A)).toBe(true);
    expect((await member.client.get(`${M}/merchant/detail`, { mchNo: B })).body.code).toBe(404);
  });
});
