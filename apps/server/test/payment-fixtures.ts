import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { CashierOrder, Channel } from '@mchweb/contract';
import type { Db } from '../src/db/client.ts';
import { codeBatches, paymentCodes } from '../src/modules/code/code.tables.ts';
import { merchants } from '../src/modules/merchant/merchant.tables.ts';
import type { TestClient } from './harness.ts';

// Payment codes and payments for the order tests. Codes are written straight into their tables here (the code
// module's own routes have their own tests); payments go through the public cashier like a payer's phone.

let serial = 0;
/** A new code of the merchant's organisation, bound to it (or left unbound / disabled). */
export async function codeFor(
  db: Db,
  mchNo: string,
  opts: { fixedAmountFen?: number; label?: string; status?: 'BOUND' | 'UNBOUND' | 'DISABLED' } = {},
): Promise<string> {
  const [m] = await db.select().from(merchants).where(eq(merchants.mchNo, mchNo));
  if (!m) throw new Error(`no merchant ${mchNo}`);
  const [batch] = await db
    .insert(codeBatches)
    .values({ companyId: m.companyId, batchNo: `TB${Date.now()}${serial++}`, count: 1 })
    .returning();
  const codeNo = `9${String(crypto.randomInt(1e11)).padStart(11, '0')}`;
  const status = opts.status ?? 'BOUND';
  await db.insert(paymentCodes).values({
    companyId: m.companyId,
    batchId: batch!.id,
    codeNo,
    status,
    merchantId: status === 'BOUND' ? m.id : null,
    fixedAmountFen: opts.fixedAmountFen ?? null,
    label: opts.label ?? null,
  });
  return codeNo;
}

export const newKey = () => crypto.randomUUID();

/** A payer creates an order on a code. */
export async function pay(payer: TestClient, codeNo: string, amountFen: number, channel: Channel = 'WECHAT') {
  const res = await payer.post<CashierOrder>('/api/pay/order', {
    codeNo,
    amountFen,
    channel,
    idempotencyKey: newKey(),
  });
  if (res.body.code !== 200) throw new Error(`payment refused: ${res.body.msg}`);
  return res.body.data;
}

/** The sandbox channel's notice. */
export const notify = (client: TestClient, orderNo: string, result: 'SUCCESS' | 'FAILED' = 'SUCCESS') =>
  client.post<CashierOrder>('/api/pay/sandbox/notify', { orderNo, result });

/** A paid order of `amountFen` on the code. */
export async function paid(payer: TestClient, codeNo: string, amountFen: number, channel: Channel = 'WECHAT') {
  const order = await pay(payer, codeNo, amountFen, channel);
  const res = await notify(payer, order.orderNo);
  if (res.body.data.status !== 'SUCCESS') throw new Error(`notice failed: ${res.body.msg}`);
  return order.orderNo;
}

export const refundNotify = (client: TestClient, refundNo: string, result: 'SUCCESS' | 'FAILED') =>
  client.post<{ refundNo: string; status: string }>('/api/pay/sandbox/refund-notify', { refundNo, result });

/**
 * Move every order, refund and ledger movement `days` days into the past (tests cannot wait for midnight): a test
 * pays and refunds now, then makes it "yesterday" to settle it. The day totals are rebuilt from the orders.
 */
export async function shiftDays(db: Db, days: number, tz = 'Asia/Shanghai') {
  const by = sql.raw(`interval '${days} days'`);
  await db.execute(sql`update orders set created_at = created_at - ${by}, paid_at = paid_at - ${by},
    closed_at = closed_at - ${by}`);
  await db.execute(sql`update refunds set created_at = created_at - ${by}, finished_at = finished_at - ${by}`);
  await db.execute(sql`update ledger_transactions set created_at = created_at - ${by} where kind <> 'SETTLEMENT'`);
  await db.execute(sql`update ledger_entries e set created_at = t.created_at from ledger_transactions t
    where t.id = e.transaction_id`);
  await db.execute(sql`delete from order_day_stats`);
  await db.execute(sql`insert into order_day_stats (company_id, merchant_id, day, channel, status, count, amount_fen,
      fee_fen, refunded_fen, fee_refunded_fen)
    select company_id, merchant_id, (created_at at time zone ${tz})::date, channel, status, count(*), sum(amount_fen),
      sum(fee_fen), sum(refunded_fen), sum(fee_refunded_fen) from orders group by 1, 2, 3, 4, 5`);
}

/** The business day `offset` days from today in Asia/Shanghai, as YYYY-MM-DD. */
export const shanghaiDay = (offset = 0) =>
  new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
