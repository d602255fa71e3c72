import { and, eq } from 'drizzle-orm';
import {
  ORDER_CLOSE_MINUTES,
  feeOf,
  type CashierCode,
  type CashierOrder,
  type Channel,
  type ChannelAvailability,
} from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import { availabilityOf, type Channels } from '../../channels.ts';
import type { ChannelPayer } from '../../payment-channel.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { findCodeForPayment } from '../code/index.ts';
import {
  assertMerchantCanTakePayments,
  channelMerchantOf,
  merchantForPayment,
  merchantNameForPayer,
  type MerchantForPayment,
} from '../merchant/index.ts';
import { ORDER } from './order.messages.ts';
import { businessNo, createOnce, requestHash } from '../../business-no.ts';
import { recountOrder } from './order-stats.ts';
import { insertOrder, ordersByKey } from './order-keys.ts';
import { orderKeys, orders } from './order.tables.ts';

export interface PaySettings {
  /** MCHWEB_TZ: the business day of an order. */
  tz: string;
}
type OrderRow = typeof orders.$inferSelect;

/** When an unpaid order closes: its own expiry (merchant API), else ORDER_CLOSE_MINUTES after it was made. */
export const expiryOf = (o: Pick<OrderRow, 'createdAt' | 'expiresAt'>) =>
  o.expiresAt ?? new Date(o.createdAt.getTime() + ORDER_CLOSE_MINUTES * 60_000);

/** A code that may take a payment now, with its merchant; refusals say why in the payer's words. */
async function payableCode(db: Tx, codeNo: string) {
  const code = await findCodeForPayment(db, codeNo);
  if (!code) throw notFound(ORDER.codeNotFound);
  if (code.status === 'DISABLED') throw conflict(ORDER.codeDisabled);
  if (code.status !== 'BOUND' || code.merchantId === null) throw conflict(ORDER.codeUnbound);
  const merchant = (await merchantForPayment(db, code.merchantId))!;
  await assertMerchantCanTakePayments(db, merchant.mchNo);
  return { code, merchant };
}

const openChannels = (m: MerchantForPayment) =>
  (['WECHAT', 'ALIPAY', 'UNIONPAY'] as const).filter((c) => m.rateTenths[c] !== undefined);

/** `GET /api/pay/code/:codeNo`: what the payer's phone shows before paying, and how each channel takes it here. */
export async function cashierCode(db: Db, codeNo: string, channels: Channels): Promise<CashierCode> {
  const { code, merchant } = await payableCode(db, codeNo);
  const accounts = await channelMerchantOf(db, merchant.id);
  const open = openChannels(merchant);
  return {
    codeNo: code.codeNo,
    mchName: merchant.shortName || merchant.name,
    fixedAmountFen: code.fixedAmountFen,
    label: code.label,
    channels: open,
    availability: Object.fromEntries(open.map((c) => [c, availabilityOf(channels.payment(c), accounts)])),
  };
}

/**
 * A channel that cannot take this merchant's payments here is refused before any order is made: the cashier's
 * and the merchant API's (an order there would wait for a payment nobody can make).
 */
export function assertPayable(availability: ChannelAvailability) {
  if (availability === 'NOT_CONNECTED') throw conflict(ORDER.channelNotConnected);
  if (availability === 'NO_SUB_MERCHANT') throw conflict(ORDER.channelNoSubMerchant);
}

export const cashierView = (o: OrderRow, mchName: string): CashierOrder => ({
  orderNo: o.orderNo,
  status: o.status as CashierOrder['status'],
  amountFen: o.amountFen,
  channel: o.channel as Channel,
  mchName,
  createdAt: o.createdAt.toISOString(),
  paidAt: o.paidAt?.toISOString() ?? null,
  expiresAt: expiryOf(o).toISOString(),
});

export interface NewPayment {
  codeNo: string;
  amountFen: number;
  channel: Channel;
  idempotencyKey: string;
}

/** Ask the order's channel for the payment (again, for a retry: same out_trade_no) and add what the payer needs. */
async function askChannel(
  db: Db,
  channels: Channels,
  row: OrderRow,
  view: CashierOrder,
  payer: ChannelPayer | undefined,
): Promise<CashierOrder> {
  if (row.status !== 'PENDING') return view;
  const merchant = await channelMerchantOf(db, row.merchantId);
  try {
    const { payerAction } = await channels.payment(row.channel as Channel).createPayment({
      orderNo: row.orderNo,
      channel: row.channel as Channel,
      merchant,
      ...(payer ? { payer } : {}),
      amountFen: row.amountFen,
      description: row.label ?? view.mchName,
      expiresAt: new Date(view.expiresAt),
    });
    return { ...view, payerAction };
  } catch {
    // Refused, unanswered or untrusted (logged by the channel's wrapper): the payer's retry with the same key asks
    // again for the same order (our order number is the channel's out_trade_no).
    throw conflict(ORDER.channelDown);
  }
}

/**
 * `POST /api/pay/order`: a PENDING order for a bound code, then asked of its channel (once the order is stored:
 * our order number is the channel's idempotent out_trade_no). The payer's key makes a retry answer the first
 * order (a double tap, a lost answer); the same key with another amount or channel is refused.
 */
export async function createPayment(
  db: Db,
  _actor: Actor,
  input: NewPayment,
  settings: PaySettings,
  channels: Channels,
  payer?: ChannelPayer,
): Promise<CashierOrder> {
  const hash = requestHash({ codeNo: input.codeNo, amountFen: input.amountFen, channel: input.channel });
  const earlier = async () => {
    const [row] = await ordersByKey(
      db,
      and(eq(orderKeys.codeNo, input.codeNo), eq(orderKeys.idempotencyKey, input.idempotencyKey))!,
    );
    if (row && row.requestHash !== hash) throw conflict(ORDER.keyReused);
    return row ?? null;
  };
  const found = await earlier();
  if (found) {
    // A retry (a double tap, a lost answer): the same order, and the channel asked again for what the payer needs.
    const view = cashierView(found, (await merchantForPayment(db, found.merchantId))!.shortName);
    return askChannel(db, channels, found, view, payer);
  }

  const { code, merchant } = await payableCode(db, input.codeNo);
  const rate = merchant.rateTenths[input.channel];
  if (rate === undefined) throw conflict(ORDER.channelClosed);
  assertPayable(availabilityOf(channels.payment(input.channel), await channelMerchantOf(db, merchant.id)));
  if (code.fixedAmountFen !== null && code.fixedAmountFen !== input.amountFen) {
    throw conflict(ORDER.fixedAmount(code.fixedAmountFen));
  }
  const row = await createOnce(
    () =>
      db.transaction(async (tx) => {
        const created = await insertOrder(tx, {
          orderNo: businessNo('P'),
          companyId: merchant.companyId,
          merchantId: merchant.id,
          codeId: code.codeId,
          codeNo: code.codeNo,
          label: code.label,
          channel: input.channel,
          amountFen: input.amountFen,
          rateTenths: rate,
          feeFen: feeOf(input.amountFen, rate),
          idempotencyKey: input.idempotencyKey,
          requestHash: hash,
        });
        await recountOrder(tx, null, created, settings.tz);
        return created;
      }),
    // The same key raced in from a second tap: the database kept one order; answer it.
    earlier,
  );
  // What the payer's phone needs to pay (a QR link, a JSAPI ticket) is the channel's; the sandbox needs none.
  return askChannel(db, channels, row, cashierView(row, merchant.shortName || merchant.name), payer);
}

/** `GET /api/pay/order/:orderNo`: the payer's view of an order (the number is the credential, as on a receipt). */
export async function cashierOrder(db: Db, orderNo: string): Promise<CashierOrder> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!row) throw notFound(ORDER.orderNotFound);
  return cashierOrderOf(db, row);
}

/** The payer's view of an order in hand: a payment notice answers with the row its transaction left. */
export async function cashierOrderOf(db: Db, row: OrderRow): Promise<CashierOrder> {
  return cashierView(row, (await merchantNameForPayer(db, row.merchantId))!);
}
