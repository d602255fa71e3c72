import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balance, PayeeAccount, PayeePage, TransferItem, TransferPage, TransferSummary } from '@mchweb/contract';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { smsOutbox } from '../src/modules/sms/sms.tables.ts';
import { transferProblems } from '../src/modules/transfer/index.ts';
import { bankCard } from './onboarding-fixtures.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { newKey } from './payment-fixtures.ts';

// Payee accounts and transfers out of the demo merchants' settled (available) money.
let t: TestApp;
let owner: TestClient;
let admin: TestClient;
let finance: TestClient;
let card: PayeeAccount;
const M = '/api/merchant';
/** The demo data has transfers of its own: these tests look at the ones made after it. */
let since: string;
beforeAll(async () => {
  t = await createTestApp({ config: { transferSmsAboveFen: 100_000, transferDailyLimitFen: 300_000 } });
  since = new Date().toISOString();
  [owner, admin, finance] = [
    await t.signIn('13800138000'),
    await t.signIn('13800138001'),
    await t.signIn('13800138002'),
  ];
});
afterAll(async () => t.close());

/** Ask for a code to the organisation's contact mobile (the demo owner's) and read it from the sandbox outbox. */
async function fundsCode(client: TestClient, purpose: 'payee' | 'transfer') {
  const sent = await client.post<{ mobileMasked: string }>(`${M}/funds/sms/send`, { purpose });
  if (sent.body.code !== 200) throw new Error(sent.body.msg);
  const [row] = await t.database.db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, '13800138000'))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  // A code can be asked again only after a minute: let the next test ask at once.
  await t.database.db.execute(`update sms_codes set created_at = created_at - interval '2 minutes'`);
  return /\b(\d{6})\b/.exec(row!.text)![1]!;
}
const balance = async (mchNo = 'M100000001') => (await owner.get<Balance>(`${M}/balance`, { mchNo })).body.data;
const transfer = (client: TestClient, amountFen: number, extra: object = {}) =>
  client.post<TransferItem>(`${M}/transfer/create`, {
    mchNo: 'M100000001',
    accountId: card.accountId,
    amountFen,
    remark: 'Weekly withdrawal',
    idempotencyKey: newKey(),
    ...extra,
  });
const notify = (transferNo: string, result: 'SUCCESS' | 'FAILED') =>
  t.client().post(`/api/pay/sandbox/payout-notify`, { transferNo, result });

describe('payee accounts', () => {
  it('adds a bank card with the contact mobile’s SMS code, shows it masked, removes it', async () => {
    const number = bankCard('622202020001234567');
    const noCode = await owner.post(`${M}/transfer/account/add`, {
      type: 'BANK_CARD',
      name: '王芳',
      accountNo: number,
      bankName: '中国工商银行',
      smsCode: '000000',
    });
    expect(noCode.body.code).toBe(400);
    const smsCode = await fundsCode(owner, 'payee');
    const added = await owner.post<PayeeAccount>(`${M}/transfer/account/add`, {
      type: 'BANK_CARD',
      name: '王芳',
      accountNo: number.replace(/(\d{4})/g, '$1 '),
      bankName: '中国工商银行',
      smsCode,
    });
    expect(added.body).toMatchObject({
      code: 200,
      data: { type: 'BANK_CARD', name: '王芳', accountNoMasked: `****${number.slice(-4)}` },
    });
    expect(JSON.stringify(added.body)).not.toContain(number);
    card = added.body.data;
    const list = (await finance.post<PayeePage>(`${M}/transfer/account/list`, {})).body.data.rows;
    expect(list.map((a) => a.accountId)).toContain(card.accountId);
    // A wrong check digit, an Alipay account that is neither mobile nor e-mail: refused beside the field.
    const bad = await owner.post(`${M}/transfer/account/add`, {
      type: 'BANK_CARD',
      name: 'X',
      accountNo: number.slice(0, -1) + String((Number(number.at(-1)) + 1) % 10),
      bankName: '工行',
      smsCode,
    });
    expect(bad.body.msg).toMatch(/^body\.accountNo: /);
    const alipay = await owner.post(`${M}/transfer/account/add`, {
      type: 'ALIPAY',
      name: 'X',
      accountNo: 'not-an-account',
      smsCode,
    });
    expect(alipay.body.msg).toMatch(/^body\.accountNo: must be the mobile number or e-mail/);
    // Removing: gone from the list.
    const code2 = await fundsCode(owner, 'payee');
    const other = await owner.post<PayeeAccount>(`${M}/transfer/account/add`, {
      type: 'ALIPAY',
      name: '王芳',
      accountNo: 'wang@example.com',
      smsCode: code2,
    });
    expect(other.body.data.accountNoMasked).toBe('****@example.com');
    expect((await owner.post(`${M}/transfer/account/remove`, { accountId: other.body.data.accountId })).body.code).toBe(
      200,
    );
    expect(
      (await owner.post<PayeePage>(`${M}/transfer/account/list`, {})).body.data.rows.map((a) => a.accountId),
    ).not.toContain(other.body.data.accountId);
  });
});

describe('transfers', () => {
  it('moves money from available to in transit, then out on SUCCESS; a FAILED one comes back', async () => {
    const before = await balance();
    expect(before.availableFen).toBeGreaterThan(50_000);
    const a = await transfer(finance, 20_000);
    expect(a.body).toMatchObject({ code: 200, data: { status: 'PROCESSING', amountFen: 20_000, payeeName: '王芳' } });
    expect(await balance()).toMatchObject({
      availableFen: before.availableFen - 20_000,
      inTransitFen: before.inTransitFen + 20_000,
    });
    await notify(a.body.data.transferNo, 'SUCCESS');
    expect(await balance()).toMatchObject({
      availableFen: before.availableFen - 20_000,
      inTransitFen: before.inTransitFen,
    });
    const b = await transfer(finance, 10_000);
    await notify(b.body.data.transferNo, 'FAILED');
    expect(await balance()).toMatchObject({ availableFen: before.availableFen - 20_000 });
    const detail = (await owner.get<TransferItem>(`${M}/transfer/detail`, { transferNo: b.body.data.transferNo })).body
      .data;
    expect(detail).toMatchObject({ status: 'FAILED', failReason: expect.any(String) });
    const sum = (await owner.post<TransferSummary>(`${M}/transfer/summary`, { from: since })).body.data;
    expect(sum).toMatchObject({ count: 2, successFen: 20_000, failedFen: 10_000, processingFen: 0 });
    expect(
      (await owner.post<TransferPage>(`${M}/transfer/list`, { from: since, statuses: ['FAILED'] })).body.data.rows,
    ).toHaveLength(1);
    expect(await checkLedger(t.database.db)).toEqual([]);
  });

  it('refuses more than available, above the daily limit, and without the SMS code above the threshold', async () => {
    const { availableFen } = await balance('M100000002');
    const tooMuch = await finance.post(`${M}/transfer/create`, {
      mchNo: 'M100000002',
      accountId: card.accountId,
      amountFen: availableFen + 1,
      idempotencyKey: newKey(),
      smsCode: await fundsCode(finance, 'transfer'),
    });
    expect(tooMuch.body.msg).toMatch(/^amountFen: must be at most the available balance/);
    expect((await transfer(finance, 100_001)).body.msg).toMatch(
      /^smsCode: is required for a transfer above ¥1,000\.00/,
    );
    // 300 000 a day: 20 000 sent and 10 000 failed (not counted) leave 280 000.
    const limit = await transfer(finance, 90_000);
    expect(limit.body.code).toBe(200);
    const over = await transfer(finance, 200_000, { smsCode: await fundsCode(finance, 'transfer') });
    expect(over.body.msg).toMatch(/^amountFen: exceeds the daily limit of ¥3,000\.00 .*¥1,900\.00 left today/);
  });

  it('the same key answers the same transfer; another body with it is refused', async () => {
    const key = newKey();
    const first = await transfer(finance, 1_000, { idempotencyKey: key });
    const again = await transfer(finance, 1_000, { idempotencyKey: key });
    expect(again.body.data.transferNo).toBe(first.body.data.transferNo);
    expect((await transfer(finance, 1_001, { idempotencyKey: key })).body.msg).toMatch(/^idempotencyKey: /);
  });

  it('reconciliation checks transfers against the ledger and names a transfer whose status lies', async () => {
    expect(await transferProblems(t.database.db)).toEqual([]);
    const x = await transfer(finance, 500);
    await t.database.db.execute(
      sql`update transfers set status = 'SUCCESS' where transfer_no = ${x.body.data.transferNo}`,
    );
    const problems = await transferProblems(t.database.db);
    expect(problems.join('\n')).toMatch(
      new RegExp(`transfer ${x.body.data.transferNo} is SUCCESS but the ledger has 0 payout`),
    );
    expect(problems.join('\n')).toMatch(/in transit \d+ but processing transfers/);
    await t.database.db.execute(
      sql`update transfers set status = 'PROCESSING' where transfer_no = ${x.body.data.transferNo}`,
    );
    expect(await transferProblems(t.database.db)).toEqual([]);
  });

  it('only owners and finance transfer: an admin is refused (permission)', async () => {
    expect((await transfer(admin, 100)).body.code).toBe(403);
    expect((await admin.post(`${M}/funds/sms/send`, { purpose: 'transfer' })).body.code).toBe(403);
  });
});
