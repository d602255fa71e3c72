import { PERMISSIONS, type CompanyInfo, type LoginData, type Role, type StaffMember } from '@mchweb/contract';
import { withCheckChar } from '../src/sandbox/seed-demo.ts';
import { createSession } from '../src/modules/session/session.service.ts';
import { users } from '../src/modules/user/user.tables.ts';
import { DEMO_PASSWORD, type TestApp, type TestClient } from './harness.ts';

// Members limited to some merchants (issue 11), on the demo coffee shop: its owner, its merchants' ids, members of
// a role of the test's own, and the owner of another organisation to compare answers with.

export const M = '/api/merchant';
/** The merchant the limited members keep (晨光咖啡滨江店), and one they do not (晨光咖啡西湖店). */
export const A = 'M100000002';
export const B = 'M100000001';

/** Every permission but the owner's own (the profile) and roles: a shop manager who may do all a merchant needs. */
export const MANAGER_PERMISSIONS = PERMISSIONS.filter((p) => p !== 'company:edit' && p !== 'role:edit');

let serial = 0;
/** A user of its own with a session and no organisation yet. */
export async function newUser(t: TestApp, mobile = `1366${String(++serial).padStart(7, '0')}`) {
  const [user] = await t.database.db.insert(users).values({ mobile, passwordHash: 'unused' }).returning();
  const token = await createSession(t.database.db, {
    userId: user!.id,
    companyId: null,
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  return { client: t.client(token), mobile };
}

/** The demo owner's session and what signing in told it: the merchants of the coffee shop by number. */
export async function demoOwner(t: TestApp) {
  const login = await t.client().post<LoginData>(`${M}/login`, { account: '13800138000', password: DEMO_PASSWORD });
  const owner = t.client(login.body.data.token);
  const idOf = (mchNo: string) => login.body.data.mchInfo.find((m) => m.mchNo === mchNo)!.mchId;
  const company = (await owner.post<CompanyInfo>(`${M}/feeManager/getCompany`, {})).body.data;
  return { owner, idOf, companyId: company.companyId!, mchInfo: login.body.data.mchInfo };
}

/** A custom role of the demo organisation. */
export async function customRole(owner: TestClient, name: string, permissions: readonly string[]) {
  const res = await owner.post<Role>(`${M}/role/save`, { name, permissions });
  if (res.body.code !== 200) throw new Error(`role not saved: ${res.body.msg}`);
  return res.body.data.roleId;
}

/**
 * A new member of the owner's organisation: invited with the role and merchants given, accepted, and working
 * there (its session switched to the organisation).
 */
export async function newMember(
  t: TestApp,
  owner: TestClient,
  companyId: number,
  roleId: number,
  merchantIds: number[] | null,
) {
  const { client, mobile } = await newUser(t);
  const invited = await owner.post<StaffMember>(`${M}/staff/invite`, { mobile, roleId, merchantIds });
  if (invited.body.code !== 200) throw new Error(`invitation refused: ${invited.body.msg}`);
  await client.post(`${M}/staff/invitation/accept`, { invitationId: invited.body.data.memberId });
  await client.post('/api/websession/changeCompany', { companyId });
  return { client, mobile, memberId: invited.body.data.memberId };
}

/** The owner of an organisation of its own, with every permission there and nothing in the demo's. */
export async function stranger(t: TestApp) {
  const { client, mobile } = await newUser(t);
  const created = await client.post<CompanyInfo>(`${M}/feeManager/addCompany`, {
    companyName: `Stranger ${mobile}`,
    creditCode: withCheckChar(`91330100MA${mobile.slice(-7)}`),
    contactName: 'Stranger',
    contactMobile: mobile,
  });
  if (created.body.code !== 200) throw new Error(`organisation not created: ${created.body.msg}`);
  return client;
}

export { download } from './harness.ts';

/** The data lines of a CSV export (BOM, header and the blank line before a summary block left out). */
export const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split(/\r?\n\r?\n/)[0]!
    .trim()
    .split(/\r?\n/)
    .slice(1);
