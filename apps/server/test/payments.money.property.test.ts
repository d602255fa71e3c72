import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, PAID_STATUSES, type Balance, type CashierOrder } from '@mchweb/contract';
import { checkLedger, manualAdjustment, payoutRequested } from '../src/modules/ledger/index.ts';
import { text } from '../src/i18n/text.ts';
import { reviewSplit } from '../src/modules/split/index.ts';
import { closeExpiredOrders } from '../src/modules/order/index.ts';
import { SANDBOX_CHANNELS } from '../src/sandbox/index.ts';
import { runSettlement } from '../src/modules/settlement/index.ts';
import { payeeAccounts } from '../src/modules/transfer/transfer.tables.ts';
import { systemActor } from '../src/actor.ts';
import { createTestApp, type TestApp, type TestClient } from './harness.ts';
import { codeFor, newKey, notify, refundNotify } from './payment-fixtures.ts';

/**
 * Money, proven over random sequences: payments, notices (repeated, contradicting, late), the close job, refunds
 * (over-asking, concurrent, with reused keys), the refund channel's answers, settlements, transfers (over-asking,
 * concurrent), the payout channel's answers (success, failure, repeats), profit sharing taken at settlement, and
 * crashes (a money movement whose transaction dies half-way), in any order. After every step the
 * books must hold. `npm test` runs a bounded number of sequences; `npm run test:deep` many more (FC_RUNS).
 */
const RUNS = Number(process.env.FC_RUNS ?? 12);

let t: TestApp;
let finance: TestClient;
let payer: TestClient;
let codes: string[];
let accountId: number;
const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
const tomorrow = new Date(Date.now() + 2 * 86_400_000);
beforeAll(async () => {
  t = await createTestApp({ config: { transferSmsAboveFen: 1e9, transferDailyLimitFen: 1e12 } });
  finance = await t.signIn('13800138002');
  payer = t.client();
  codes = [await codeFor(t.database.db, 'M100000001'), await codeFor(t.database.db, 'M100000002')];
  const [payee] = await t.database.db
    .insert(payeeAccounts)
    .values({ companyId: 1, type: 'ALIPAY', name: 'Property test', accountNo: 'pay@example.com' })
    .returning();
  accountId = payee!.id;
});
afterAll(async () => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** Every invariant of the books, from the database itself. */
async function assertBooks() {
  expect(await checkLedger(t.database.db)).toEqual([]);
  const orders = await rows<{
    order_no: string;
    status: string;
    amount_fen: string;
    refunded_fen: string;
    refunding_fen: string;
    paid_at: Date | null;
    payments: string;
  }>(sql`select o.order_no, o.status, o.amount_fen, o.refunded_fen, o.refunding_fen, o.paid_at,
      (select count(*) from ledger_transactions t where t.kind = 'PAYMENT' and t.ref_no = o.order_no) as payments
    from orders o`);
  for (const o of orders) {
    expect((ORDER_STATUSES as readonly string[]).includes(o.status)).toBe(true);
    const paid = PAID_STATUSES.includes(o.status as never);
    expect([o.order_no, paid, Number(o.payments)]).toEqual([o.order_no, paid, paid ? 1 : 0]);
    expect(paid === (o.paid_at !== null)).toBe(true);
    expect(Number(o.refunded_fen) + Number(o.refunding_fen)).toBeLessThanOrEqual(Number(o.amount_fen));
    expect(o.status === 'REFUNDED').toBe(Number(o.refunded_fen) === Number(o.amount_fen));
  }
  // What the merchants hold is what they were paid less fees, less refunds not failed (less the fee given back),
  // less what was paid out to payees. Settlements and transfers on their way move money between their purses.
  const [held] = await rows<{
    held: string;
    owed: string;
    fees: string;
    income: string;
    clearing: string;
    net: string;
  }>(sql`
    select
      (select coalesce(sum(balance_fen), 0) from ledger_balances) as held,
      (select coalesce(sum(amount_fen - fee_fen), 0) from orders where paid_at is not null)
        - (select coalesce(sum(amount_fen - fee_refund_fen), 0) from refunds where status <> 'FAILED')
        - (select coalesce(sum(amount_fen), 0) from transfers where status = 'SUCCESS') as owed,
      (select coalesce(sum(fee_fen), 0) from orders where paid_at is not null)
        - (select coalesce(sum(fee_refund_fen), 0) from refunds where status <> 'FAILED') as fees,
      (select coalesce(sum(amount_fen), 0) from ledger_entries where account = 'platform:fee_income') as income,
      (select coalesce(sum(amount_fen), 0) from ledger_entries where account like 'channel:%') as clearing,
      (select coalesce(sum(amount_fen), 0) from orders where paid_at is not null)
        - (select coalesce(sum(amount_fen), 0) from refunds where status <> 'FAILED') as net`);
  expect(Number(held!.held)).toBe(Number(held!.owed));
  expect(Number(held!.income)).toBe(Number(held!.fees));
  // Money in from payers less money back to them is what the channels owe (clearing is debit-normal).
  expect(Number(held!.net) + Number(held!.clearing)).toBe(0);
}

type Action =
  | { t: 'settle' }
  | { t: 'split'; ratio: number }
  | { t: 'crash'; amount: number }
  | { t: 'transfer'; share: number; parallel: number }
  | { t: 'payout'; k: number; result: 'SUCCESS' | 'FAILED' }
  | { t: 'pay'; code: number; amount: number; channel: 'WECHAT' | 'ALIPAY'; twice: boolean }
  | { t: 'notify'; i: number; result: 'SUCCESS' | 'FAILED' }
  | { t: 'close'; minutes: number }
  | { t: 'refund'; i: number; share: number; parallel: number; reuseKey: boolean }
  | { t: 'answer'; j: number; result: 'SUCCESS' | 'FAILED' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ t: fc.constant('settle' as const) }),
  fc.record({ t: fc.constant('split' as const), ratio: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ t: fc.constant('crash' as const), amount: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({
    t: fc.constant('transfer' as const),
    share: fc.double({ min: 0.05, max: 1.2, noNaN: true }),
    parallel: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    t: fc.constant('payout' as const),
    k: fc.nat(20),
    result: fc.constantFrom('SUCCESS' as const, 'FAILED' as const),
  }),
  fc.record({
    t: fc.constant('pay' as const),
    code: fc.nat(1),
    amount: fc.integer({ min: 1, max: 200_000 }),
    channel: fc.constantFrom('WECHAT' as const, 'ALIPAY' as const),
    twice: fc.boolean(),
  }),
  fc.record({
    t: fc.constant('notify' as const),
    i: fc.nat(30),
    result: fc.constantFrom('SUCCESS' as const, 'FAILED' as const),
  }),
  fc.record({ t: fc.constant('close' as const), minutes: fc.integer({ min: 0, max: 30 }) }),
  fc.record({
    t: fc.constant('refund' as const),
    i: fc.nat(30),
    share: fc.double({ min: 0.01, max: 1.3, noNaN: true }),
    parallel: fc.integer({ min: 1, max: 4 }),
    reuseKey: fc.boolean(),
  }),
  fc.record({
    t: fc.constant('answer' as const),
    j: fc.nat(30),
    result: fc.constantFrom('SUCCESS' as const, 'FAILED' as const),
  }),
);

async function run(actions: Action[]) {
  const orders: CashierOrder[] = [];
  const refundNos: string[] = [];
  const transferNos: string[] = [];
  for (const a of actions) {
    if (a.t === 'pay') {
      const body = { codeNo: codes[a.code], amountFen: a.amount, channel: a.channel, idempotencyKey: newKey() };
      const answers = await Promise.all(
        Array.from({ length: a.twice ? 2 : 1 }, () => payer.post<CashierOrder>('/api/pay/order', body)),
      );
      expect(new Set(answers.map((r) => r.body.data.orderNo)).size).toBe(1);
      orders.push(answers[0]!.body.data);
    } else if (a.t === 'notify' && orders.length) {
      await notify(payer, orders[a.i % orders.length]!.orderNo, a.result);
    } else if (a.t === 'close') {
      await closeExpiredOrders(
        t.database.db,
        { tz: t.config.timezone },
        SANDBOX_CHANNELS,
        new Date(Date.now() + a.minutes * 60_000),
      );
    } else if (a.t === 'refund' && orders.length) {
      const o = orders[a.i % orders.length]!;
      const amountFen = Math.max(1, Math.round(o.amountFen * a.share));
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: a.parallel }, () =>
          finance.post<{ refundNo: string }>('/api/merchant/order/refund', {
            orderNo: o.orderNo,
            amountFen,
            reason: 'property test',
            idempotencyKey: a.reuseKey ? key : newKey(),
          }),
        ),
      );
      for (const r of answers) {
        expect([200, 409]).toContain(r.body.code);
        if (r.body.code === 200 && !refundNos.includes(r.body.data.refundNo)) refundNos.push(r.body.data.refundNo);
      }
    } else if (a.t === 'split') {
      // M100000001 shares with M100000002 from today (approved "yesterday"): the next settlement takes the share.
      const applied = await finance.post<{ applyNo: string }>('/api/merchant/div/apply', {
        mchNo: 'M100000001',
        receivers: [{ type: 'MERCHANT', mchNo: 'M100000002', ratio: a.ratio }],
      });
      if (applied.body.code === 200) {
        const yesterday = new Date(Date.now() - 86_400_000);
        await reviewSplit(
          t.database.db,
          systemActor('test'),
          applied.body.data.applyNo,
          { approve: true },
          'Asia/Shanghai',
          yesterday,
        );
      }
    } else if (a.t === 'crash') {
      // A process dying half-way through a money movement: the database rolls the whole transaction back.
      await t.database.db
        .transaction(async (tx) => {
          // Money in (an adjustment), then out to in transit (a payout asked), both posted, then the process dies.
          const crash = { companyId: 1, merchantId: 1, amountFen: a.amount };
          await manualAdjustment(tx, { ...crash, refNo: newKey(), purse: 'available' });
          await payoutRequested(tx, { ...crash, transferNo: newKey(), short: () => text('short', 'short') });
          throw new Error('crash');
        })
        .catch(() => undefined);
    } else if (a.t === 'settle') {
      // Today's movements so far, settled as if the day were over (a later settle of today changes nothing).
      await runSettlement(t.database.db, systemActor('test'), today, { tz: 'Asia/Shanghai' }, { now: tomorrow });
    } else if (a.t === 'transfer') {
      const b = (await finance.get<Balance>('/api/merchant/balance', { mchNo: 'M100000001' })).body.data;
      const amountFen = Math.max(1, Math.round(Math.max(b.availableFen, 1) * a.share));
      const answers = await Promise.all(
        Array.from({ length: a.parallel }, () =>
          finance.post<{ transferNo: string }>('/api/merchant/transfer/create', {
            mchNo: 'M100000001',
            accountId,
            amountFen,
            idempotencyKey: newKey(),
          }),
        ),
      );
      for (const r of answers) {
        expect([200, 409]).toContain(r.body.code);
        if (r.body.code === 200) transferNos.push(r.body.data.transferNo);
      }
    } else if (a.t === 'payout' && transferNos.length) {
      await payer.post('/api/pay/sandbox/payout-notify', {
        transferNo: transferNos[a.k % transferNos.length],
        result: a.result,
      });
    } else if (a.t === 'answer' && refundNos.length) {
      await refundNotify(payer, refundNos[a.j % refundNos.length]!, a.result);
    }
    await assertBooks();
  }
}

describe('money conservation over random sequences (fast-check)', () => {
  it(`holds after every step of ${RUNS} random sequences`, { timeout: 600_000 }, async () => {
    await fc.assert(fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 25 }), run), { numRuns: RUNS });
  });
});
