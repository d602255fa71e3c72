import { sql } from 'drizzle-orm';
import { creditCodeCheckChar } from '@mchweb/contract';
import type { Db } from './client.ts';
import { users } from '../modules/auth/auth.tables.ts';
import { companies } from '../modules/company/company.tables.ts';
import { merchants } from '../modules/merchant/merchant.tables.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { createCompany } from '../modules/company/company.service.ts';
import { addMember, builtInRoleId } from '../modules/staff/roles.service.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_ACCOUNTS = {
  owner: '13800138000',
  admin: '13800138001',
  finance: '13800138002',
  cashier: '13800138003',
} as const;

/** A valid unified social credit code from a 17-character body. */
export const withCheckChar = (first17: string) => first17 + creditCodeCheckChar(first17);

/** Demo data for a first look: only into a database with no users, so it never touches real data. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const people = [
      { mobile: DEMO_ACCOUNTS.owner, name: '王芳 Wang Fang', username: 'demo' },
      { mobile: DEMO_ACCOUNTS.admin, name: '李强 Li Qiang', username: null },
      { mobile: DEMO_ACCOUNTS.finance, name: '张敏 Zhang Min', username: null },
      { mobile: DEMO_ACCOUNTS.cashier, name: '陈静 Chen Jing', username: null },
    ];
    const created = await tx
      .insert(users)
      .values(people.map((p) => ({ ...p, passwordHash })))
      .returning({ id: users.id, mobile: users.mobile, name: users.name });
    const id = (mobile: string) => created.find((u) => u.mobile === mobile)!;
    const owner = id(DEMO_ACCOUNTS.owner);

    const coffee = await createCompany(tx, owner.id, {
      companyName: '杭州晨光咖啡有限公司 Morning Light Coffee',
      creditCode: withCheckChar('91330106MA2H3K4L5'),
      contactName: '王芳',
      contactMobile: DEMO_ACCOUNTS.owner,
    });
    const bakery = await createCompany(tx, owner.id, {
      companyName: '上海麦香烘焙店 Wheat Fragrance Bakery',
      creditCode: withCheckChar('92310115MA1G2H3J4'),
      contactName: '王芳',
      contactMobile: DEMO_ACCOUNTS.owner,
    });
    await tx
      .update(companies)
      .set({ openedAt: new Date(), mobileBoundAt: new Date() })
      .where(sql`${companies.id} = ${coffee}`);
    const invited: { memberId: number; mobile: string; roleId: number; code: string }[] = [];
    for (const [code, mobile] of [
      ['ADMIN', DEMO_ACCOUNTS.admin],
      ['FINANCE', DEMO_ACCOUNTS.finance],
      ['CASHIER', DEMO_ACCOUNTS.cashier],
    ] as const) {
      const user = id(mobile);
      const roleId = await builtInRoleId(tx, coffee, code);
      const memberId = await addMember(tx, { companyId: coffee, userId: user.id, mobile, name: user.name, roleId });
      invited.push({ memberId, mobile, roleId, code });
    }
    // What the owner would have done to get here, so the audit view of /staff-manage is not empty.
    const demoChanges = [
      { action: 'company.create', targetType: 'company', targetId: coffee },
      { action: 'company.open', targetType: 'company', targetId: coffee },
      { action: 'company.bindMobile', targetType: 'company', targetId: coffee, detail: { after: DEMO_ACCOUNTS.owner } },
      ...invited.map((m) => ({
        action: 'staff.invite',
        targetType: 'member',
        targetId: m.memberId,
        detail: { mobile: m.mobile, roleId: m.roleId, roleName: m.code, joined: true },
      })),
    ];
    for (const change of demoChanges) {
      await recordAudit(tx, null, { ...change, companyId: coffee, userId: owner.id });
    }
    await recordAudit(tx, null, {
      action: 'company.create',
      companyId: bakery,
      userId: owner.id,
      targetType: 'company',
      targetId: bakery,
    });
    await tx.update(users).set({ lastCompanyId: coffee });
    await tx.insert(merchants).values([
      {
        companyId: coffee,
        mchNo: 'M100000001',
        name: '晨光咖啡西湖店 Morning Light West Lake',
        shortName: '晨光西湖店',
        type: 'ENTERPRISE',
      },
      {
        companyId: coffee,
        mchNo: 'M100000002',
        name: '晨光咖啡滨江店 Morning Light Binjiang',
        shortName: '晨光滨江店',
        type: 'ENTERPRISE',
      },
      {
        companyId: bakery,
        mchNo: 'M100000003',
        name: '麦香烘焙 Wheat Fragrance',
        shortName: '麦香烘焙',
        type: 'SMALL_MICRO',
      },
    ]);
  });
  return true;
}
