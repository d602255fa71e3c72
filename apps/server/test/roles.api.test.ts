import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLE_PERMISSIONS,
  PERMISSIONS,
  type CurrentUserData,
  type Role,
  type RoleCatalogue,
  type StaffMember,
} from '@mchweb/contract';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';

let t: TestApp;
let owner: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('13800138000');
});
afterAll(async () => t.close());

const M = '/api/merchant';
const roles = async (c: TestClient) => (await c.get<Role[]>(`${M}/role/list`)).body.data;

describe('roles', () => {
  it('built-in roles carry the catalogue permissions and their member counts', async () => {
    const list = await roles(owner);
    expect(list.filter((r) => r.builtIn).map((r) => [r.code, r.memberCount])).toEqual([
      ['OWNER', 1],
      ['ADMIN', 1],
      ['FINANCE', 1],
      ['CASHIER', 1],
    ]);
    for (const r of list.filter((x) => x.builtIn)) {
      expect(r.permissions).toEqual([...BUILT_IN_ROLE_PERMISSIONS[r.code as keyof typeof BUILT_IN_ROLE_PERMISSIONS]]);
    }
  });

  it('the catalogue is the menu tree: every permission code appears, every button on one page only', async () => {
    const res = await owner.get<RoleCatalogue>(`${M}/role/catalogue`);
    const codes = res.body.data.flatMap((g) =>
      g.pages.flatMap((p) => [...(p.permission ? [p.permission] : []), ...p.buttons]),
    );
    expect([...new Set(codes)].sort()).toEqual([...PERMISSIONS].sort());
    const buttons = res.body.data.flatMap((g) => g.pages.flatMap((p) => p.buttons));
    expect(buttons.length).toBe(new Set(buttons).size);
    const staffPage = res.body.data.flatMap((g) => g.pages).find((p) => p.path === '/staff-manage');
    expect(staffPage).toMatchObject({ permission: 'staff:view', buttons: ['staff:edit', 'role:edit', 'audit:view'] });
  });

  it('a custom role: a button brings its page; the member sees that menu and may call only those routes', async () => {
    const saved = await owner.post<Role>(`${M}/role/save`, { name: 'Refund clerk', permissions: ['order:refund'] });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(saved.body.data).toMatchObject({ code: null, builtIn: false, permissions: ['order:view', 'order:refund'] });

    const invite = await owner.post<StaffMember>(`${M}/staff/invite`, {
      mobile: '13800138009',
      roleId: saved.body.data.roleId,
    });
    expect(invite.body.data.status).toBe('INVITED');
    // Give the invited mobile an account by switching an existing member to the role instead.
    const cashierId = (await owner.get<StaffMember[]>(`${M}/staff/list`)).body.data.find(
      (m) => m.mobile === '13800138003',
    )!.memberId;
    await owner.post(`${M}/staff/setRole`, { memberId: cashierId, roleId: saved.body.data.roleId });
    const cashier = await t.signIn('13800138003');
    const me = (await cashier.get<NonNullable<CurrentUserData>>(`${M}/user/getCurrentUser`)).body.data;
    expect(me.menuData.flatMap((g) => g.children.map((c) => c.path))).toEqual(['/welcome', '/order', '/organ-select']);
    expect(me.buttonData.map((b) => b.code)).toEqual(['order:refund', 'order:view']);
    expect(me.userInfo).toMatchObject({ role: 'CUSTOM', roleName: 'Refund clerk' });
    expect((await cashier.get(`${M}/staff/list`)).body.code).toBe(403);

    // Rename and re-scope; then it cannot be deleted while held, and can once nobody holds it.
    const edited = await owner.post<Role>(`${M}/role/save`, {
      roleId: saved.body.data.roleId,
      name: 'Order viewer',
      permissions: ['order:view'],
    });
    expect(edited.body.data).toMatchObject({ name: 'Order viewer', permissions: ['order:view'], memberCount: 2 });
    const held = await owner.post(`${M}/role/delete`, { roleId: saved.body.data.roleId });
    expect(held.body).toMatchObject({ code: 409, msg: expect.stringMatching(/^roleId: 2 members hold this role/) });
    const cashierRole = (await roles(owner)).find((r) => r.code === 'CASHIER')!.roleId;
    await owner.post(`${M}/staff/setRole`, { memberId: cashierId, roleId: cashierRole });
    await owner.post(`${M}/staff/remove`, { memberId: invite.body.data.memberId });
    expect((await owner.post(`${M}/role/delete`, { roleId: saved.body.data.roleId })).body.code).toBe(200);
    expect((await roles(owner)).map((r) => r.name)).not.toContain('Order viewer');
  });

  it('built-in roles are read-only; names are unique; unknown permissions are refused naming the field', async () => {
    const admin = (await roles(owner)).find((r) => r.code === 'ADMIN')!;
    const edit = await owner.post(`${M}/role/save`, { roleId: admin.roleId, name: 'Boss', permissions: [] });
    expect(edit.body).toMatchObject({ code: 409, msg: expect.stringMatching(/^roleId: the built-in role Admin/) });
    const del = await owner.post(`${M}/role/delete`, { roleId: admin.roleId });
    expect(del.body.code).toBe(409);
    const dup = await owner.post(`${M}/role/save`, { name: 'Finance', permissions: [] });
    expect(dup.body).toMatchObject({ code: 409, msg: expect.stringMatching(/^name: a role with this name/) });
    const unknown = await owner.post(`${M}/role/save`, { name: 'X', permissions: ['order:delete'] });
    expect(unknown.body.msg).toMatch(/^body\.permissions\.0: /);
    const empty = await owner.post(`${M}/role/save`, { name: ' ', permissions: [] });
    expect(empty.body.msg).toMatch(/^body\.name: /);
  });

  it('nobody grants what they lack: an admin cannot build a role with company:edit', async () => {
    const admin = await t.signIn('13800138001');
    const res = await admin.post(`${M}/role/save`, { name: 'Profile editor', permissions: ['company:edit'] });
    expect(res.body).toMatchObject({ code: 403, msg: expect.stringMatching(/^permissions: .*company:edit/) });
    const ok = await admin.post<Role>(`${M}/role/save`, { name: 'Viewer', permissions: ['merchant:view'] });
    expect(ok.body.code).toBe(200);
    expect((await roles(owner)).map((r) => r.name)).toContain('Viewer');
  });
});
