import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { CompanyInfo } from '@mchweb/contract';
import { auditLog } from '../src/modules/audit/audit.tables.ts';
import { smsOutbox } from '../src/modules/sms/sms.tables.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';

/*
 * Issue 25.7: the contact mobile is the second factor of payees and large transfers. An Admin moved it to their
 * own phone with only the new phone's code; moving it now takes the Owner and a code sent to the current mobile,
 * is audited, and the current mobile is told afterwards.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const M = '/api/merchant';
const OLD = '13800138000'; // the demo organisation's contact mobile (the owner's)
const NEW = '13911125007';

/** The newest SMS text the sandbox sender "sent" to a mobile, and the code in it if any. */
async function lastSms(mobile: string) {
  const [row] = await t.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return { scene: row?.scene, text: row?.text ?? '', code: /is (\d{6})\./.exec(row?.text ?? '')?.[1] ?? '' };
}
const contactMobile = async (c: TestClient) =>
  (await c.post<CompanyInfo>(`${M}/feeManager/getCompany`, {})).body.data.contactMobile;
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const bind = (c: TestClient, body: object) => c.post<CompanyInfo>(`${M}/feeManager/bindingMobile`, body);

describe('moving the contact mobile (issue 25.7)', () => {
  it('an Admin may not, even with the new mobile right, nor ask for the code to the old mobile', async () => {
    const admin = await t.signIn('13800138001');
    await admin.post(`${M}/sms/send`, { mobile: '13800138001', scene: 'bindMobile' });
    const { code } = await lastSms('13800138001');
    const moved = await bind(admin, { mobile: '13800138001', smsCode: code });
    expect(moved.body).toMatchObject({
      code: 403,
      msg: "Only the organisation's owner may move its contact mobile to another number.",
    });
    const asked = await admin.post(`${M}/feeManager/sendChangeMobileCode`);
    expect(asked.body.code).toBe(403);
    expect((await lastSms(OLD)).scene).not.toBe('changeMobile');
    expect(await contactMobile(admin)).toBe(OLD);
  });

  it("the Owner needs the old mobile's code: missing or wrong is refused beside its field; right moves it, audited, and the old mobile is told", async () => {
    const owner = await t.signIn(OLD);
    await owner.post(`${M}/sms/send`, { mobile: NEW, scene: 'bindMobile' });
    const newCode = (await lastSms(NEW)).code;

    const without = await bind(owner, { mobile: NEW, smsCode: newCode });
    expect(without.body).toMatchObject({
      code: 400,
      msg: 'oldSmsCode: is required: ask for a code to the current contact mobile and enter it',
    });

    const asked = await owner.post<{ mobileMasked: string }>(`${M}/feeManager/sendChangeMobileCode`);
    expect(asked.body.data).toMatchObject({ mobileMasked: '138****8000', resendAfterSeconds: 60 });
    const old = await lastSms(OLD);
    expect(old.scene).toBe('changeMobile');

    const wrong = await bind(owner, { mobile: NEW, smsCode: newCode, oldSmsCode: otherThan(old.code) });
    expect(wrong.body).toMatchObject({ code: 400, msg: 'oldSmsCode: is wrong; 4 tries left' });
    expect(await contactMobile(owner)).toBe(OLD);

    const moved = await bind(owner, { mobile: NEW, smsCode: newCode, oldSmsCode: old.code });
    expect(moved.body).toMatchObject({ code: 200, data: { contactMobile: NEW, mobileBound: true } });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.changeMobile'), eq(auditLog.companyId, 1)));
    expect(entry?.detail).toEqual({ before: OLD, after: NEW });
    const told = await lastSms(OLD);
    expect(told.scene).toBe('mobileChanged');
    expect(told.text).toContain('139****5007');
    // The old mobile's code is used up with the move.
    const again = await bind(owner, { mobile: OLD, smsCode: newCode, oldSmsCode: old.code });
    expect(again.body.code).toBe(400);
  });
});
