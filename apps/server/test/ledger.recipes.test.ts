import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '../src/db/client.ts';
import { isUniqueViolation } from '../src/errors.ts';
import { text } from '../src/i18n/text.ts';
import {
  bulkPaymentsCaptured,
  bulkRefundsHeld,
  checkLedger,
  manualAdjustment,
  paymentCaptured,
  payoutDone,
  payoutRequested,
  payoutReturned,
  postingsOf,
  purseBalances,
  refundFailed,
  refundHeld,
  settlementPosted,
} from '../src/modules/ledger/index.ts';
import { ADJUSTMENTS, channelClearing, FEE_INCOME, merchantAccount } from '../src/modules/ledger/ledger.accounts.ts';
import { lockBalances, postTransaction, type Entry } from '../src/modules/ledger/ledger.service.ts';
import { freshDatabase } from './harness.ts';

// The ledger's recipes, one by one: each posts a balanced transaction of whole fen, and refuses what its guards
// forbid (a broken amount, a debit beyond the balance) without posting anything.
let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let companyId: number;
let seq = 0;
const no = (prefix: string) => `${prefix}${++seq}`;
const short = (coverFen: number) => text(`short: ${coverFen}`, `不足: ${coverFen}`);
const purses = async (merchantId: number) => (await purseBalances(db, [merchantId])).get(merchantId)!;
/** Run a recipe in its own transaction (as its callers do), answering its refusal's English text. */
const refusal = (post: (tx: Db) => Promise<unknown>) =>
  db
    .transaction(async (tx) => post(tx as unknown as Db))
    .then(
      () => 'posted',
      (err: { text?: { 'en-US': string }; message: string }) => err.text?.['en-US'] ?? err.message,
    );
const transactionsOf = async (refNo: string) => (await postingsOf(db, companyId, [refNo])).map((p) => p.txNo);
/** Every posting so far sums to zero, every kept balance matches its entries. */
const booksHold = async () => expect(await checkLedger(db)).toEqual([]);

beforeAll(async () => {
  database = await freshDatabase();
  db = database.db;
  const users = (await db.execute(
    sql`insert into users (mobile, password_hash) values ('13900000000', 'x') returning id`,
  )) as unknown as { rows: { id: number }[] };
  const companies = (await db.execute(sql`
    insert into companies (name, credit_code, contact_name, contact_mobile, created_by)
    values ('Ledger test', '91110000000000000X', 'Test', '13900000000', ${users.rows[0]!.id}) returning id`)) as unknown as {
    rows: { id: number }[];
  };
  companyId = companies.rows[0]!.id;
});
afterAll(async () => database.drop());

describe('postTransaction', () => {
  const adjust = (tx: Tx, refNo: string, entries: Entry[]) =>
    postTransaction(tx, { kind: 'ADJUSTMENT', refNo, companyId, entries });

  it('keeps the entries in the order given, and one kept balance per merchant account', async () => {
    const refNo = no('A');
    const given = [
      { account: FEE_INCOME, amountFen: 200 },
      { account: merchantAccount(8, 'pending'), amountFen: 300 },
      { account: channelClearing('WECHAT'), amountFen: -700 },
      { account: merchantAccount(8, 'pending'), amountFen: 200 },
    ];
    await db.transaction((tx) =>
      adjust(tx, refNo, [...given, { account: merchantAccount(8, 'available'), amountFen: 0 }]),
    );
    const lines = await postingsOf(db, companyId, [refNo]);
    expect(lines.map((l) => ({ account: l.account, amountFen: l.amountFen }))).toEqual(given);
    expect(await purses(8)).toEqual({ pending: 500, available: 0, in_transit: 0 });
    await booksHold();
  });

  it('refuses a second posting of the same kind and number (unique index), and posts nothing of it', async () => {
    const orderNo = no('P');
    const pay = (tx: Tx) =>
      paymentCaptured(tx, { companyId, orderNo, merchantId: 9, channel: 'ALIPAY', amountFen: 1_000, feeFen: 4 });
    await pay(db);
    const err: unknown = await db.transaction((tx) => pay(tx)).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect((err as { cause?: { constraint?: string } }).cause?.constraint).toBe('ledger_transactions_ref_idx');
    expect(new Set(await transactionsOf(orderNo)).size).toBe(1);
    expect((await purses(9)).pending).toBe(996);
    await booksHold();
  });

  it.runIf(process.env.DATABASE_URL)(
    'two postings at once on the same two merchant accounts, in opposite entry order, both commit (PostgreSQL)',
    async () => {
      const [a, b] = [merchantAccount(10, 'available'), merchantAccount(10, 'pending')];
      await adjust(db, no('A'), [
        { account: a, amountFen: 1_000 },
        { account: b, amountFen: 1_000 },
        { account: ADJUSTMENTS, amountFen: -2_000 },
      ]);
      const lockWaits = async () => {
        const { rows } = (await db.execute(sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { rows: { n: number }[] };
        return rows[0]!.n;
      };
      const untilWaiting = async (n: number) => {
        while ((await lockWaits()) < n) await new Promise((r) => setTimeout(r, 20));
      };
      // A third transaction holds the first account (in account order) until both postings wait for it, the
      // first in line. Were balances taken in entry order, the second would take the other account before it
      // waits, and the first, given the first account, would wait for that: a deadlock, one of them rolled back.
      let locked!: () => void;
      let release!: () => void;
      const held = new Promise<void>((r) => (locked = r));
      const holder = db.transaction(async (tx) => {
        await lockBalances(tx, [a]);
        locked();
        await new Promise<void>((r) => (release = r));
      });
      await held;
      const move = (from: string, to: string) =>
        db.transaction((tx) =>
          adjust(tx, no('A'), [
            { account: to, amountFen: 100 },
            { account: from, amountFen: -100 },
          ]),
        );
      const first = move(b, a);
      await untilWaiting(1);
      const second = move(a, b);
      await untilWaiting(2);
      release();
      const outcomes = await Promise.allSettled([holder, first, second]);
      const why = (err: { cause?: Error; message: string }) => err.cause?.message ?? err.message;
      expect(outcomes.map((o) => (o.status === 'rejected' ? why(o.reason) : o.status))).toEqual(
        Array(3).fill('fulfilled'),
      );
      expect(await purses(10)).toMatchObject({ available: 1_000, pending: 1_000 });
      await booksHold();
    },
  );
});

describe('paymentCaptured', () => {
  it('credits pending with the amount less the fee, in one balanced transaction', async () => {
    const orderNo = no('P');
    await paymentCaptured(db, { companyId, orderNo, merchantId: 1, channel: 'WECHAT', amountFen: 10_000, feeFen: 38 });
    expect((await purses(1)).pending).toBe(9_962);
    const lines = await postingsOf(db, companyId, [orderNo]);
    expect(lines.map((l) => l.amountFen).reduce((s, x) => s + x, 0)).toBe(0);
    expect(lines).toHaveLength(3);
    await booksHold();
  });

  it.each([
    ['a negative amount', -100, 0],
    ['a zero amount', 0, 0],
    ['a fraction of a fen', 100.5, 0],
    ['a negative fee', 100, -1],
    ['a fee above the amount', 100, 101],
    ['a fractional fee', 100, 0.5],
  ])('refuses %s and posts nothing', async (_, amountFen, feeFen) => {
    const orderNo = no('P');
    expect(
      await refusal((tx) =>
        paymentCaptured(tx, { companyId, orderNo, merchantId: 1, channel: 'WECHAT', amountFen, feeFen }),
      ),
    ).toMatch(/^ledger: payment (amount|fee)/);
    expect(await transactionsOf(orderNo)).toEqual([]);
  });
});

describe('refundHeld and refundFailed', () => {
  it('takes a refund from pending while pending and available together cover it, and gives it back when it fails', async () => {
    await paymentCaptured(db, {
      companyId,
      orderNo: no('P'),
      merchantId: 2,
      channel: 'ALIPAY',
      amountFen: 1_000,
      feeFen: 4,
    });
    const refundNo = no('R');
    const refund = { companyId, refundNo, merchantId: 2, channel: 'ALIPAY' as const, short };
    await refundHeld(db, { ...refund, amountFen: 500, feeRefundFen: 2 });
    expect((await purses(2)).pending).toBe(996 - 498);
    await refundFailed(db, { companyId, refundNo });
    expect((await purses(2)).pending).toBe(996);
    await booksHold();
  });

  it('refuses a refund beyond pending and available together, naming what there is', async () => {
    const refundNo = no('R');
    const r = { companyId, refundNo, merchantId: 2, channel: 'ALIPAY' as const, feeRefundFen: 0, short };
    expect(await refusal((tx) => refundHeld(tx, { ...r, amountFen: 997 }))).toBe('short: 996');
    expect(await transactionsOf(refundNo)).toEqual([]);
    expect(await refusal((tx) => refundHeld(tx, { ...r, amountFen: -5 }))).toMatch(/^ledger: refund amount/);
    expect(await refusal((tx) => refundHeld(tx, { ...r, amountFen: 5, feeRefundFen: 6 }))).toMatch(/more than/);
    expect((await purses(2)).pending).toBe(996);
  });
});

describe('settlementPosted', () => {
  it('moves the day from pending to available, less the split shares, each to its receiver', async () => {
    await paymentCaptured(db, {
      companyId,
      orderNo: no('P'),
      merchantId: 3,
      channel: 'WECHAT',
      amountFen: 2_000,
      feeFen: 0,
    });
    await settlementPosted(db, {
      companyId,
      settleNo: no('S'),
      merchantId: 3,
      dayFen: 2_000,
      shares: [
        { merchantId: 4, fen: 300 },
        { applyNo: 'SP1', receiver: 1, fen: 100 },
      ],
    });
    expect(await purses(3)).toMatchObject({ pending: 0, available: 1_600 });
    expect((await purses(4)).available).toBe(300);
    await booksHold();
  });

  it('refuses a day whose refunds available cannot cover, and shares beyond the day', async () => {
    const base = { companyId, merchantId: 3, shares: [] };
    expect(await refusal((tx) => settlementPosted(tx, { ...base, settleNo: no('S'), dayFen: -1_601 }))).toMatch(
      /does not cover/,
    );
    const over = { ...base, settleNo: no('S'), dayFen: 100, shares: [{ merchantId: 4, fen: 101 }] };
    expect(await refusal((tx) => settlementPosted(tx, over))).toMatch(/shares more than it has/);
    expect(await purses(3)).toMatchObject({ pending: 0, available: 1_600 });
  });
});

describe('payouts', () => {
  it('holds a payout in transit, pays it out or returns it', async () => {
    const [paid, refused] = [no('T'), no('T')];
    await payoutRequested(db, { companyId, transferNo: paid, merchantId: 3, amountFen: 600, short });
    await payoutRequested(db, { companyId, transferNo: refused, merchantId: 3, amountFen: 400, short });
    expect(await purses(3)).toMatchObject({ available: 600, in_transit: 1_000 });
    await payoutDone(db, { companyId, transferNo: paid, merchantId: 3, amountFen: 600 });
    await payoutReturned(db, { companyId, transferNo: refused });
    expect(await purses(3)).toMatchObject({ available: 1_000, in_transit: 0 });
    await booksHold();
  });

  it('refuses a payout beyond available, and paying out more than is in transit', async () => {
    const transferNo = no('T');
    const t = { companyId, transferNo, merchantId: 3, short };
    expect(await refusal((tx) => payoutRequested(tx, { ...t, amountFen: 1_001 }))).toBe('short: 1000');
    expect(await refusal((tx) => payoutRequested(tx, { ...t, amountFen: 0 }))).toMatch(/^ledger: payout amount/);
    expect(await refusal((tx) => payoutDone(tx, { ...t, amountFen: 1 }))).toMatch(/does not cover/);
    expect(await transactionsOf(transferNo)).toEqual([]);
  });
});

describe('manualAdjustment', () => {
  it('credits and debits available, never below zero', async () => {
    await manualAdjustment(db, { companyId, refNo: no('A'), merchantId: 5, purse: 'available', amountFen: 250 });
    const a = { companyId, merchantId: 5, purse: 'available' as const };
    expect(await refusal((tx) => manualAdjustment(tx, { ...a, refNo: no('A'), amountFen: -251 }))).toMatch(
      /does not cover/,
    );
    expect(await refusal((tx) => manualAdjustment(tx, { ...a, refNo: no('A'), amountFen: 0 }))).toMatch(/^ledger:/);
    await manualAdjustment(db, { ...a, refNo: no('A'), amountFen: -250 });
    expect((await purses(5)).available).toBe(0);
    await booksHold();
  });
});

describe('the bulk recipes', () => {
  const rows = (values: string) =>
    sql.raw(`select * from (values ${values}) as r(ref_no, company_id, merchant_id,
    channel, amount_fen, fee_fen, at)`);
  it('post payments and refunds like the single recipes', async () => {
    const at = `'2026-01-01T00:00:00Z'::timestamptz`;
    expect(
      await db.transaction((tx) =>
        bulkPaymentsCaptured(
          tx,
          rows(`('BP1', ${companyId}, 6, 'WECHAT', 1000::bigint, 4::bigint, ${at}),
          ('BP2', ${companyId}, 6, 'ALIPAY', 500::bigint, 2::bigint, ${at})`),
        ),
      ),
    ).toBe(2);
    await db.transaction((tx) =>
      bulkRefundsHeld(
        tx,
        sql.raw(`select 'BR1' as ref_no, ${companyId} as company_id, 6 as merchant_id, 'WECHAT' as channel,
          1000::bigint as amount_fen, 4::bigint as fee_refund_fen, ${at} as at`),
      ),
    );
    expect((await purses(6)).pending).toBe(498);
    await booksHold();
  });

  it('refuse a batch with an amount out of range, or refunds beyond the money, and post none of it', async () => {
    const bad = rows(`('BP3', ${companyId}, 7, 'WECHAT', 100::bigint, 0::bigint, now()),
      ('BP4', ${companyId}, 7, 'WECHAT', 100::bigint, 101::bigint, now())`);
    expect(await refusal((tx) => bulkPaymentsCaptured(tx, bad))).toMatch(/BP4 has an amount or fee out of range/);
    const beyond = sql.raw(`select 'BR2' as ref_no, ${companyId} as company_id, 6 as merchant_id,
      'WECHAT' as channel, 499::bigint as amount_fen, 0::bigint as fee_refund_fen, now() as at`);
    expect(await refusal((tx) => bulkRefundsHeld(tx, beyond))).toMatch(/leaves merchant 6 below zero/);
    expect(await transactionsOf('BP3')).toEqual([]);
    expect((await purses(6)).pending).toBe(498);
  });
});
