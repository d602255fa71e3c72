import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
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
