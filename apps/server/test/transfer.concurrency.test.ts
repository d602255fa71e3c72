import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balance, PayeeAccount } from '@mchweb/contract';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { smsOutbox } from '../src/modules/sms/sms.tables.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { bankCard } from './onboarding-fixtures.ts';
import { newKey } from './payment-fixtures.ts';

/**
 * The check and the debit are one step: 100 transfers at once against one balance (on PostgreSQL on separate
 * pooled connections, really at once) take exactly what the balance allows and never overdraw it.
 */
let t: TestApp;
let finance: TestClient;
let accountId: number;
beforeAll(async () => {
  t = await createTestApp({ config: { transferSmsAboveFen: 100_000_000, transferDailyLimitFen: 100_000_000 } });
  finance = await t.signIn('13800138002');
  await finance.post('/api/merchant/funds/sms/send', { purpose: 'payee' });
  const [row] = await t.database.db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, '13800138000'))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const added = await finance.post<PayeeAccount>('/api/merchant/transfer/account/add', {
    type: 'BANK_CARD',
    name: '王芳',
    accountNo: bankCard('622202020009876543'),
    bankName: '中国工商银行',
    smsCode: /\b(\d{6})\b/.exec(row!.text)![1]!,
  });
  accountId = added.body.data.accountId;
});
afterAll(async () => t.close());

describe('concurrent transfers', () => {
  it(
    '100 transfers at once against one balance: exactly what it covers succeeds, none overdraws',
    { timeout: 120_000 },
    async () => {
      const { availableFen } = (await finance.get<Balance>('/api/merchant/balance', { mchNo: 'M100000002' })).body.data;
      const each = Math.max(1, Math.floor(availableFen / 37)); // 37 fit, 63 must be refused
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          finance.post('/api/merchant/transfer/create', {
            mchNo: 'M100000002',
            accountId,
            amountFen: each,
            idempotencyKey: newKey(),
          }),
        ),
      );
      const codes = answers.map((r) => r.body.code);
      expect(answers.filter((r) => r.body.code !== 200 && r.body.code !== 409).map((r) => r.body.msg)).toEqual([]);
      expect(codes.filter((c) => c === 200)).toHaveLength(Math.floor(availableFen / each));
      expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
      const after = (await finance.get<Balance>('/api/merchant/balance', { mchNo: 'M100000002' })).body.data;
      expect(after.availableFen).toBe(availableFen - Math.floor(availableFen / each) * each);
      expect(after.availableFen).toBeGreaterThanOrEqual(0);
      expect(await checkLedger(t.database.db)).toEqual([]);
    },
  );
});
