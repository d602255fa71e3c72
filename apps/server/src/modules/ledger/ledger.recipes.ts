import type { Channel } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import type { Text } from '../../i18n/text.ts';
import {
  ADJUSTMENTS,
  channelClearing,
  FEE_INCOME,
  merchantAccount,
  PAYOUTS,
  splitReceivable,
  type MerchantPurse,
} from './ledger.accounts.ts';
import { requireCover, requireFen, requirePart } from './ledger.guards.ts';
import { LEDGER } from './ledger.messages.ts';
import { postTransaction, reverseTransaction } from './ledger.service.ts';

/**
 * Every movement of money the platform knows, one function each: the only way into the ledger. Each takes the
 * business facts (merchant, whole fen, the business object's number), checks them, and builds its own balanced
 * entries; the account names stay inside this module. Call them inside the database transaction of the change
 * they belong to (the order, refund, settlement or transfer row), which both commit or neither does.
 *
 * The fee is not a transaction of its own: a payment's fee goes to fee income in the payment's transaction, and a
 * refund gives back its share of it in the refund's. A split share is paid in the settlement that takes it.
 */

/** Where a business event happened: its organisation and its time (default now). */
interface Event {
  companyId: number;
  at?: Date;
}

/**
 * A payment captured (PAYMENT, once per order): the channel owes us the amount (clearing, debit), the merchant is
 * owed the amount less the fee (pending, until its settlement), the platform earned the fee.
 */
export function paymentCaptured(
  tx: Tx,
  p: Event & { orderNo: string; merchantId: number; channel: Channel; amountFen: number; feeFen: number },
) {
  requireFen('payment amount', p.amountFen);
  requirePart('payment fee', p.feeFen, p.amountFen);
  return postTransaction(tx, {
    kind: 'PAYMENT',
    refNo: p.orderNo,
    companyId: p.companyId,
    at: p.at,
    entries: [
      { account: channelClearing(p.channel), amountFen: -p.amountFen },
      { account: merchantAccount(p.merchantId, 'pending'), amountFen: p.amountFen - p.feeFen },
      { account: FEE_INCOME, amountFen: p.feeFen },
    ],
  });
}

/**
 * A refund asked for, its money held at once (REFUND): all from pending, the day's settlement nets refunds against
 * trade (a refund after its order's day was settled is carried into the next settlement). Pending may go below
 * zero that way; the merchant's money in all (pending and available) may not, so a refund they cannot cover
 * together is refused with `short`. The fee given back comes out of fee income; the channel pays the payer.
 */
export async function refundHeld(
  tx: Tx,
  r: Event & {
    refundNo: string;
    merchantId: number;
    channel: Channel;
    amountFen: number;
    feeRefundFen: number;
    short: (coverFen: number) => Text;
  },
) {
  requireFen('refund amount', r.amountFen);
  requirePart('fee given back', r.feeRefundFen, r.amountFen);
  const owed = r.amountFen - r.feeRefundFen;
  await requireCover(tx, r.merchantId, ['pending', 'available'], owed, r.short);
  return postTransaction(tx, {
    kind: 'REFUND',
    refNo: r.refundNo,
    companyId: r.companyId,
    at: r.at,
    entries: [
      { account: merchantAccount(r.merchantId, 'pending'), amountFen: -owed },
      { account: FEE_INCOME, amountFen: -r.feeRefundFen },
      { account: channelClearing(r.channel), amountFen: r.amountFen },
    ],
  });
}

/** A refund the channel refused (REFUND_REVERSAL): its money goes back exactly where it came from. */
export const refundFailed = (tx: Tx, r: Event & { refundNo: string }) =>
  reverseTransaction(tx, { kind: 'REFUND', refNo: r.refundNo }, { kind: 'REFUND_REVERSAL', ...r });

/** A share of a settled day for a receiver of a split: a merchant of the organisation, or an outside party. */
export type SplitShare = { fen: number } & (
  | { merchantId: number }
  | { applyNo: string; receiver: number } // owed by the platform, paid out by its own payouts
);

/**
 * A merchant-day settled (SETTLEMENT, once per settlement number): pending gives up the day's movements (`dayFen`,
 * the day's net before the split, negative when refunds exceeded trade), the merchant's available gets them less
 * the split shares, each receiver its share. Available never goes below zero: a day whose refunds it cannot cover
 * is refused (the settlement asks `pursesCover` first and records why).
 */
export function settlementPosted(
  tx: Tx,
  s: Event & {
    settleNo: string;
    merchantId: number;
    dayFen: number;
    shares: SplitShare[];
  },
) {
  if (!Number.isSafeInteger(s.dayFen)) throw new Error(`ledger: settlement ${s.settleNo} is not whole fen`);
  for (const x of s.shares) requireFen('split share', x.fen);
  const shared = s.shares.reduce((sum, x) => sum + x.fen, 0);
  if (s.shares.length && shared > s.dayFen) throw new Error(`ledger: settlement ${s.settleNo} shares more than it has`);
  const available = merchantAccount(s.merchantId, 'available');
  const netFen = s.dayFen - shared;
  return postTransaction(tx, {
    kind: 'SETTLEMENT',
    refNo: s.settleNo,
    companyId: s.companyId,
    at: s.at,
    entries: [
      { account: merchantAccount(s.merchantId, 'pending'), amountFen: -s.dayFen },
      { account: available, amountFen: netFen },
      ...s.shares.map((x) => ({
        account:
          'merchantId' in x ? merchantAccount(x.merchantId, 'available') : splitReceivable(x.applyNo, x.receiver),
        amountFen: x.fen,
      })),
    ],
    noOverdraft: { accounts: [available], refusal: LEDGER.short },
  });
}

/**
 * A payout asked for (TRANSFER, once per transfer): the merchant's available into in transit until the payout
 * channel answers, never leaving available below zero (checked and taken in one statement; refused with `short`).
 */
export async function payoutRequested(
  tx: Tx,
  t: Event & { transferNo: string; merchantId: number; amountFen: number; short: (coverFen: number) => Text },
) {
  requireFen('payout amount', t.amountFen);
  await requireCover(tx, t.merchantId, ['available'], t.amountFen, t.short);
  const available = merchantAccount(t.merchantId, 'available');
  return postTransaction(tx, {
    kind: 'TRANSFER',
    refNo: t.transferNo,
    companyId: t.companyId,
    at: t.at,
    entries: [
      { account: available, amountFen: -t.amountFen },
      { account: merchantAccount(t.merchantId, 'in_transit'), amountFen: t.amountFen },
    ],
    // Locked and checked above; taken in one statement all the same.
    noOverdraft: { accounts: [available], refusal: LEDGER.short },
  });
}

/** A payout the channel paid (PAYOUT): out of in transit, out of the platform to the payee. */
export function payoutDone(tx: Tx, t: Event & { transferNo: string; merchantId: number; amountFen: number }) {
  requireFen('payout amount', t.amountFen);
  const inTransit = merchantAccount(t.merchantId, 'in_transit');
  return postTransaction(tx, {
    kind: 'PAYOUT',
    refNo: t.transferNo,
    companyId: t.companyId,
    at: t.at,
    entries: [
      { account: inTransit, amountFen: -t.amountFen },
      { account: PAYOUTS, amountFen: t.amountFen },
    ],
    noOverdraft: { accounts: [inTransit], refusal: LEDGER.short },
  });
}

/** A payout the channel refused (TRANSFER_REVERSAL): its money back from in transit to available. */
export const payoutReturned = (tx: Tx, t: Event & { transferNo: string }) =>
  reverseTransaction(tx, { kind: 'TRANSFER', refNo: t.transferNo }, { kind: 'TRANSFER_REVERSAL', ...t });

/** The purses an operator may correct by hand: pending is the day's trade, which its settlement must explain. */
export type AdjustablePurse = Extract<MerchantPurse, 'available'>;

/**
 * An operator's correction (ADJUSTMENT, once per `refNo`): a merchant's available money up (credit) or down
 * (debit, never below zero), against the platform's adjustments account.
 */
export function manualAdjustment(
  tx: Tx,
  a: Event & { refNo: string; merchantId: number; purse: AdjustablePurse; amountFen: number },
) {
  requireFen('adjustment', Math.abs(a.amountFen));
  const purse = merchantAccount(a.merchantId, a.purse);
  return postTransaction(tx, {
    kind: 'ADJUSTMENT',
    refNo: a.refNo,
    companyId: a.companyId,
    at: a.at,
    entries: [
      { account: purse, amountFen: a.amountFen },
      { account: ADJUSTMENTS, amountFen: -a.amountFen },
    ],
    noOverdraft: { accounts: [purse], refusal: LEDGER.short },
  });
}

/**
 * The platform paid an outside split receiver what it was owed (RECEIVER_PAYOUT, once per `refNo`: the approval
 * of the four-eyes payout): out of what we owe the receiver, out of the platform to the payee. Never more than
 * is owed (the caller locks and checks with `receiverOwed`).
 */
export function receiverPaid(
  tx: Tx,
  p: Event & { refNo: string; applyNo: string; receiver: number; amountFen: number },
) {
  requireFen('receiver payout', p.amountFen);
  return postTransaction(tx, {
    kind: 'RECEIVER_PAYOUT',
    refNo: p.refNo,
    companyId: p.companyId,
    at: p.at,
    entries: [
      { account: splitReceivable(p.applyNo, p.receiver), amountFen: -p.amountFen },
      { account: PAYOUTS, amountFen: p.amountFen },
    ],
  });
}
