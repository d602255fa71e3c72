import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { PAID_STATUSES, type CashierOrder, type Channel, type OrderStatus } from '@mchweb/contract';
import type { Channels } from '../src/channels.ts';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { closeExpiredOrders, queryWaiting } from '../src/modules/order/index.ts';
import { SANDBOX_CHANNELS } from '../src/sandbox/index.ts';
import type { TestApp, TestClient } from './harness.ts';
import { newKey } from './payment-fixtures.ts';

/**
 * Money against a real channel's ways (issue 27), for each real channel's fake: notices come at once, twice, late,
 * never, or after our order closed; the close job and the query job race them; refunds are answered by notice,
 * twice, or only to a query. Whatever the order, once the channel's outcomes have all arrived (the last query
 * pass), the books hold and agree with the channel: a payment the channel took is paid here exactly once (refunded
 * in full if it came after the close), one it did not take is not, and every refund the channel made is counted once.
 */

export type Delivery = 'once' | 'twice' | 'lost';

/** What the property asks of a channel's fake. */
export interface FakeChannel {
  channel: Channel;
  /** The payer pays the order at the channel if it still can (not closed there, not paid yet). */
  pay(orderNo: string, delivery: Delivery): Promise<void>;
  /** The channel sends a paid order's notice again (it repeats one it thinks unanswered). */
  resend(orderNo: string): Promise<void>;
  /** The channel finishes one of its refunds still processing (the j-th asked, round robin). */
  answerRefund(j: number, delivery: Delivery): Promise<void>;
  /** Every refund still processing at the channel finishes, its notice lost. */
  finishAllRefunds(): Promise<void>;
  paidThere(orderNo: string): boolean;
  refundedThere(orderNo: string): number;
}

export interface PropertyWorld {
  t: TestApp;
  payer: TestClient;
  finance: TestClient;
  code: string;
  channels: Channels;
  fake: FakeChannel;
}

type Action =
  | { t: 'order'; amount: number }
  | { t: 'pay'; i: number; delivery: Delivery }
  | { t: 'resend'; i: number }
  | { t: 'query' }
  | { t: 'close'; i: number; atChannel: boolean }
  | { t: 'refund'; i: number; share: number }
  | { t: 'answer'; j: number; delivery: Delivery };

const delivery = fc.constantFrom<Delivery>('once', 'twice', 'lost');
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ t: fc.constant('order' as const), amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ t: fc.constant('pay' as const), i: fc.nat(20), delivery }),
  fc.record({ t: fc.constant('resend' as const), i: fc.nat(20) }),
  fc.record({ t: fc.constant('query' as const) }),
  fc.record({ t: fc.constant('close' as const), i: fc.nat(20), atChannel: fc.boolean() }),
  fc.record({ t: fc.constant('refund' as const), i: fc.nat(20), share: fc.double({ min: 0.05, max: 1, noNaN: true }) }),
  fc.record({ t: fc.constant('answer' as const), j: fc.nat(20), delivery }),
);
export const actions = fc.array(action, { minLength: 5, maxLength: 20 });

const settings = { tz: 'Asia/Shanghai' };

export async function runActions(w: PropertyWorld, list: Action[]) {
  const { t, fake, channels } = w;
  const db = t.database.db;
  const later = () => new Date(Date.now() + 2 * 60_000);
  const mine: CashierOrder[] = [];
  // Orders closed here without asking the channel (as before the adapter): no query asks about them again.
  const closedHereOnly = new Set<string>();
  for (const a of list) {
    const o = mine.length > 0;
    const pick = () => mine[('i' in a ? a.i : 0) % mine.length]!;
    if (a.t === 'order') {
      const res = await w.payer.post<CashierOrder>('/api/pay/order', {
        codeNo: w.code,
        amountFen: a.amount,
        channel: fake.channel,
        idempotencyKey: newKey(),
      });
      expect(res.body.code).toBe(200);
      mine.push(res.body.data);
    } else if (a.t === 'pay' && o) await fake.pay(pick().orderNo, a.delivery);
    else if (a.t === 'resend' && o) await fake.resend(pick().orderNo);
    else if (a.t === 'query') await queryWaiting(db, settings, channels, later());
    else if (a.t === 'close' && o) {
      // Past its 15 minutes; closed by the job at the channel first, or (as before the adapter) only here.
      await db.execute(
        sql`update orders set created_at = created_at - interval '16 minutes' where order_no = ${pick().orderNo}`,
      );
      const closed = await closeExpiredOrders(db, settings, a.atChannel ? channels : SANDBOX_CHANNELS);
      if (!a.atChannel && closed > 0) closedHereOnly.add(pick().orderNo);
    } else if (a.t === 'refund' && o) {
      const res = await w.finance.post<{ refundNo: string }>('/api/merchant/order/refund', {
        orderNo: pick().orderNo,
        amountFen: Math.max(1, Math.round(pick().amountFen * a.share)),
        reason: 'property test',
        idempotencyKey: newKey(),
      });
      expect([200, 409]).toContain(res.body.code);
    } else if (a.t === 'answer') await fake.answerRefund(a.j, a.delivery);
    expect(await checkLedger(db)).toEqual([]);
  }
  // Every outcome reaches us at last: automatic refunds answered, then the query pass for what was lost.
  await fake.finishAllRefunds();
  await queryWaiting(db, settings, channels, later());
  // An order closed here only is never queried: its payment arrives by the channel's repeated notice (WeChat Pay
  // repeats an unanswered one for 24 hours, Alipay for 25), or else by the next day's statement. The repeat is
  // what this models.
  for (const orderNo of closedHereOnly) await fake.resend(orderNo);
  await fake.finishAllRefunds();
  await queryWaiting(db, settings, channels, later());
  await queryWaiting(db, settings, channels, later());
  expect(await checkLedger(db)).toEqual([]);
  for (const c of mine) {
    const [ours] = (
      (await db.execute(
        sql`select status, refunded_fen, refunding_fen,
        (select count(*) from ledger_transactions t where t.kind = 'PAYMENT' and t.ref_no = o.order_no) as payments
        from orders o where order_no = ${c.orderNo}`,
      )) as unknown as {
        rows: { status: OrderStatus; refunded_fen: number; refunding_fen: number; payments: string }[];
      }
    ).rows;
    const paidThere = fake.paidThere(c.orderNo);
    expect({ order: c.orderNo, paid: PAID_STATUSES.includes(ours!.status), payments: Number(ours!.payments) }).toEqual({
      order: c.orderNo,
      paid: paidThere,
      payments: paidThere ? 1 : 0,
    });
    expect({ order: c.orderNo, refunded: Number(ours!.refunded_fen), refunding: Number(ours!.refunding_fen) }).toEqual({
      order: c.orderNo,
      refunded: fake.refundedThere(c.orderNo),
      refunding: 0,
    });
  }
}
