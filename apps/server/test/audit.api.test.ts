import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage, CompanyListItem, StaffMember } from '@mchweb/contract';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';

let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('13800138000');
});
afterAll(async () => t.close());

const M = '/api/merchant';
const page = (c: TestClient, query: Record<string, string | number> = {}) => c.get<AuditPage>(`${M}/audit/list`, query);

describe('audit log', () => {
  it('demo data leaves the audit view non-empty', async () => {
    const res = await page(owner, { limit: 50 });
    expect(res.body.data.items.map((e) => e.action)).toEqual(
      expect.arrayContaining(['company.create', 'company.open', 'staff.invite']),
    );
  });

  it('a change is recorded with who, what, target, when and from which address, newest first', async () => {
    const before = Date.now();
    const saved = await owner.post<{ roleId: number }>(`${M}/role/save`, {
      name: 'Auditor',
      permissions: ['audit:view'],
    });
    const [latest] = (await page(owner, { limit: 1 })).body.data.items as [AuditEntry];
    expect(latest).toMatchObject({
      action: 'role.create',
      userMobile: '13800138000',
      targetType: 'role',
      targetId: String(saved.body.data.roleId),
      ip: '127.0.0.1',
      detail: { name: 'Auditor', permissions: ['staff:view', 'audit:view'] },
    });
    expect(new Date(latest.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('a refused change writes nothing: the entry shares the transaction of the change', async () => {
    const count = async () => (await page(owner, { limit: 200 })).body.data.items.length;
    const n = await count();
    const dup = await owner.post(`${M}/role/save`, { name: 'Admin', permissions: [] });
    expect(dup.body.code).toBe(409);
    const self = (await owner.get<StaffMember[]>(`${M}/staff/list`)).body.data.find((m) => m.isSelf)!;
    const lastOwner = await owner.post(`${M}/staff/setRole`, { memberId: self.memberId, roleId: 999_999 });
    expect(lastOwner.body.code).not.toBe(200);
    expect(await count()).toBe(n);
  });

  it('keyset pages: newest first, no entry twice, hasMore false at the end', async () => {
    const all = (await page(owner, { limit: 200 })).body.data;
    expect(all.hasMore).toBe(false);
    const ids = all.items.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));

    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof page>> = await page(owner, { limit: 3, ...(cursor ? { cursor } : {}) });
      walked.push(...res.body.data.items.map((e) => e.id));
      cursor = res.body.data.nextCursor;
      expect(res.body.data.hasMore).toBe(cursor !== null);
    } while (cursor);
    expect(walked).toEqual(ids);

    const bad = await page(owner, { cursor: 'abc' });
    expect(bad.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^querystring\.cursor: /) });
    // Past the largest id a number keeps exactly: no list gave it out, and it is refused the same way.
    const past = await page(owner, { cursor: '9999999999999999' });
    expect(past.body).toMatchObject({ code: 400, msg: expect.stringMatching(/^querystring\.cursor: /) });
    const tooMany = await page(owner, { limit: 1000 });
    expect(tooMany.body.msg).toMatch(/^querystring\.limit: /);
  });

  it('each organisation sees only its own entries; finance may not read the log', async () => {
    const orgs = (await owner.get<CompanyListItem[]>(`${M}/company/list`)).body.data;
    const bakery = orgs.find((c) => !c.current)!;
    const coffeeIds = new Set((await page(owner, { limit: 200 })).body.data.items.map((e) => e.id));
    await owner.post('/api/websession/changeCompany', { companyId: bakery.companyId });
    const bakeryItems = (await page(owner, { limit: 200 })).body.data.items;
    expect(bakeryItems.length).toBeGreaterThan(0);
    expect(bakeryItems.some((e) => coffeeIds.has(e.id))).toBe(false);
    expect(bakeryItems[0]).toMatchObject({ action: 'session.changeCompany', targetId: String(bakery.companyId) });

    const finance = await t.signIn('13800138002');
    expect((await page(finance)).body.code).toBe(403);
  });
});
