import { creditCodeCheckChar, type ApiKeyMode } from '@mchweb/contract';
import { anonymousActor, type Actor } from '../actor.ts';
import type { Db } from '../db/client.ts';
import { recordAudit, type AuditInput } from '../modules/audit/index.ts';
import { hashPassword } from '../modules/auth/index.ts';
import { createCompany, markCompanyReady } from '../modules/company/index.ts';
import { importCodeBatch } from '../modules/code/index.ts';
import { generateDemoOrders } from './demo-orders.ts';
import { recordFinishedRun, runSettlement } from '../modules/settlement/index.ts';
import { merchantIdByNo } from '../modules/merchant/index.ts';
import { systemActor } from '../actor.ts';
import { addDays, dayOf } from '../business-day.ts';
import { addMember, builtInRoleId } from '../modules/staff/index.ts';
import { insertUser, listUsers, rememberLastCompany, type UserRow } from '../modules/user/index.ts';
import type { FileStorage } from '../file-storage.ts';
import { insertDemoSplits, insertDemoTransfers } from './demo-funds.ts';
import { seedDemoDeveloper } from './demo-developer.ts';
import { seedDemoOnboarding } from './seed-demo-onboarding.ts';
import { DEMO_TZ } from './demo-zone.ts';

export const DEMO_PASSWORD = 'Demo@2026';
export { DEMO_TZ };
/** Days of demo orders, settled T+1 up to yesterday (issue 12: a newcomer sees a quarter of real figures). */
export const DEMO_DAYS = 90;
export const DEMO_ACCOUNTS = {
  owner: '13800138000',
  admin: '13800138001',
  finance: '13800138002',
  cashier: '13800138003',
} as const;

/** Demo payment codes with known numbers: one asks ¥25.00 (M100000001), the other lets the payer type (M100000002). */
export const DEMO_CODES = { fixedAmount: '880000000001', typedAmount: '880000000002' } as const;

/** A valid unified social credit code from a 17-character body. */
export const withCheckChar = (first17: string) => first17 + creditCodeCheckChar(first17);

/**
 * Demo data for a first look: only into a database with no users, so it never touches real data. With a storage,
 * the demo applications' documents are real (small) uploads.
 */
export async function seedDemoIfEmpty(
  db: Db,
  storage?: FileStorage,
  opts: {
    /** Days of orders and settlements (90; the API tests take 30, as fast as before the quarter). */
    days?: number;
    /** The mode of the demo's API keys: the server's (`test` on a sandbox server, the default). */
    apiKeyMode?: ApiKeyMode;
  } = {},
): Promise<boolean> {
  const days = opts.days ?? DEMO_DAYS;
  if ((await listUsers(db, 1)).length > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const coffee = await db.transaction(async (tx) => {
    const people = [
      { mobile: DEMO_ACCOUNTS.owner, name: '王芳 Wang Fang', username: 'demo' },
      { mobile: DEMO_ACCOUNTS.admin, name: '李强 Li Qiang', username: null },
      { mobile: DEMO_ACCOUNTS.finance, name: '张敏 Zhang Min', username: null },
      { mobile: DEMO_ACCOUNTS.cashier, name: '陈静 Chen Jing', username: null },
    ];
    const created: UserRow[] = [];
    for (const p of people) created.push((await insertUser(tx, { ...p, passwordHash }))!);
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
    await markCompanyReady(tx, coffee);
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
    const demoChanges: Omit<AuditInput, 'companyId' | 'userId'>[] = [
      { action: 'company.create', targetType: 'company', targetId: coffee },
      { action: 'company.open', targetType: 'company', targetId: coffee },
      { action: 'company.bindMobile', targetType: 'company', targetId: coffee, detail: { after: DEMO_ACCOUNTS.owner } },
      ...invited.map((m): Omit<AuditInput, 'companyId' | 'userId'> => ({
        action: 'staff.invite',
        targetType: 'member',
        targetId: m.memberId,
        detail: { mobile: m.mobile, roleId: m.roleId, roleName: m.code, joined: true },
      })),
    ];
    // Recorded as the owner's own changes: a person acting, not the platform (no `by`), from no address.
    const asOwner: Actor = { ...anonymousActor(null, 'zh-CN'), kind: 'user', userId: owner.id };
    for (const change of demoChanges) {
      await recordAudit(tx, asOwner, { ...change, companyId: coffee, userId: owner.id });
    }
    await recordAudit(tx, asOwner, {
      action: 'company.create',
      companyId: bakery,
      userId: owner.id,
      targetType: 'company',
      targetId: bakery,
    });
    for (const person of created) await rememberLastCompany(tx, person.id, coffee);
    await seedDemoOnboarding(
      tx,
      { coffee, bakery, owner: { ...asOwner, userId: owner.id }, adminId: id(DEMO_ACCOUNTS.admin).id },
      withCheckChar,
      storage,
    );
    // Payment codes: a batch of six, two bound (one with a fixed amount), one disabled. Fixed numbers (README).
    const day = 24 * 3600_000;
    const ago = (days: number) => new Date(Date.now() - days * day);
    await importCodeBatch(tx, {
      companyId: coffee,
      createdBy: owner.id,
      createdAt: ago(20),
      codes: [
        {
          codeNo: DEMO_CODES.fixedAmount,
          bound: { mchNo: 'M100000001', fixedAmountFen: 2500, label: '美式咖啡 Americano', at: ago(19) },
        },
        { codeNo: DEMO_CODES.typedAmount, bound: { mchNo: 'M100000002', label: '前台收银 Front till', at: ago(18) } },
        { codeNo: '880000000003', disabledAt: ago(5) },
        { codeNo: '880000000004' },
        { codeNo: '880000000005' },
        { codeNo: '880000000006' },
      ],
    });
    return coffee;
  });
  // Orders of the last 90 days (about 13 a day) on the coffee shop's merchants and codes, paid, refunded, closed:
  // /order, /welcome and the cashier's demo have real figures from the first start.
  await generateDemoOrders(db, { orders: Math.round((days * 40) / 3), days, companyId: coffee, tz: DEMO_TZ });
  // ... settled T+1 up to yesterday, as the settlement job would have: /settlement and /bill have real days.
  const today = dayOf(new Date(), DEMO_TZ);
  for (let back = days + 1; back >= 1; back--) {
    const run = await runSettlement(db, systemActor('job:settlement'), addDays(today, -back), { tz: DEMO_TZ });
    await recordFinishedRun(db, run);
  }
  // ... a payee card and two transfers out of the west-lake shop's settled money, and its profit sharing.
  const [westLake, binjiang] = [(await merchantIdByNo(db, 'M100000001'))!, (await merchantIdByNo(db, 'M100000002'))!];
  const ownerId = (await listUsers(db, 1))[0]!.id;
  await insertDemoTransfers(db, { companyId: coffee, merchantId: westLake, createdBy: ownerId });
  await insertDemoSplits(db, {
    companyId: coffee,
    merchantId: binjiang,
    receiverId: westLake,
    receiverNo: 'M100000001',
    createdBy: ownerId,
    tomorrow: addDays(today, 1),
  });
  // ... and /developer: the owner's API keys and a webhook endpoint (turned off) with its deliveries.
  await seedDemoDeveloper(db, { companyId: coffee, ownerId, apiKeyMode: opts.apiKeyMode ?? 'test' });
  return true;
}
