import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyInfo, LoginData, StaffMember } from '@mchweb/contract';
import { changeCompanyStatus } from '../src/modules/company/company.ops.ts';
import { OPERATOR } from '../src/ops/cli.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp, type TestClient } from './harness.ts';

// One seeded app: the tests run in order (disable first, then freeze and close the demo's first organisation).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const M = '/api/merchant';
const getCompany = (c: TestClient) => c.post<CompanyInfo>(`${M}/feeManager/getCompany`, {});
async function login(account: string) {
  const res = await t.client().post<LoginData>(`${M}/login`, { account, password: DEMO_PASSWORD });
  expect(res.body.code).toBe(200);
  return { client: t.client(res.body.data.token), mchInfo: res.body.data.mchInfo };
}

describe('where a new session starts when the user can work nowhere', () => {
  it('S4.4.2 a member disabled in its only organisation signs in to 8091012, with no merchants', async () => {
    const owner = await t.signIn('13800138000');
    const cashier = (await owner.get<StaffMember[]>(`${M}/staff/list`)).body.data.find(
      (m) => m.mobile === '13800138003',
    )!;
    const before = await login('13800138003');
    expect((await getCompany(before.client)).body.code).toBe(200);
    expect(before.mchInfo.length).toBeGreaterThan(0);

    await owner.post(`${M}/staff/setStatus`, { memberId: cashier.memberId, status: 'DISABLED' });
    const blocked = await login('13800138003');
    expect(blocked.mchInfo).toEqual([]);
    expect((await getCompany(blocked.client)).body).toMatchObject({ code: 8091012, data: null });

    await owner.post(`${M}/staff/setStatus`, { memberId: cashier.memberId, status: 'ACTIVE' });
    expect((await getCompany((await login('13800138003')).client)).body.code).toBe(200);
  });

  it('S4.4.3 frozen: its only members start there (8091033); one with another organisation starts in that', async () => {
    const owner = await t.signIn('13800138000');
    const coffee = (await getCompany(owner)).body.data.companyId!;
    await changeCompanyStatus(t.database.db, OPERATOR, coffee, 'freeze');

    const finance = await login('13800138002');
    expect(finance.mchInfo).toEqual([]);
    expect((await getCompany(finance.client)).body).toMatchObject({ code: 8091033, data: null });

    const ownerAgain = (await getCompany((await login('13800138000')).client)).body;
    expect(ownerAgain.code).toBe(200);
    expect(ownerAgain.data.companyId).not.toBe(coffee);
  });

  it('closed organisations are not offered: the member starts without one and may create another', async () => {
    const owner = await t.signIn('13800138000');
    const list = await owner.get<{ companyId: number; status: string }[]>(`${M}/company/list`);
    const frozen = list.body.data.find((c) => c.status === 'FROZEN')!.companyId;
    await changeCompanyStatus(t.database.db, OPERATOR, frozen, 'close');
    const finance = await login('13800138002');
    expect((await getCompany(finance.client)).body).toMatchObject({
      code: 200,
      data: { companyId: null, hasOtherCompany: false },
    });
  });
});
