import { eq } from 'drizzle-orm';
import { addDays, dayStart } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { checkLedger, merchantAccount, movementsOf } from '../ledger/index.ts';
import { merchantNamesOf } from '../merchant/index.ts';
import { tradeOfRange } from '../order/index.ts';
import { transferProblems } from '../transfer/index.ts';
import { figuresOf } from './settle.service.ts';
import { settlements } from './settlement.tables.ts';

/**
 * Reconcile one business day: orders <-> ledger <-> settlements (the trade bill is read from the same ledger
 * movements as the settlement, so it agrees when they do). Answers every difference as a sentence; none expected.
 * - the ledger's own invariants (checkLedger), and transfers against it (money in transit, payouts, returns);
 * - per merchant: orders paid that day and refunds asked that day against the ledger's PAYMENT and REFUND
 *   movements (count and amount, the fee of payments);
 * - per merchant with movements: one settlement, SETTLED, with the figures of the ledger (a missing or FAILED one is
 *   reported, a day not yet settled included).
 */
export async function reconcileDay(db: Tx, day: string, tz: string): Promise<string[]> {
  const start = dayStart(day, tz);
  const end = dayStart(addDays(day, 1), tz);
  const problems = [
    ...(await checkLedger(db)).map((p) => `ledger: ${p.kind}: ${p.detail}`),
    ...(await transferProblems(db)).map((p) => `transfers: ${p}`),
  ];
  const trade = await tradeOfRange(db, start, end);
  const records = new Map(
    (await db.select().from(settlements).where(eq(settlements.settleDate, day))).map((s) => [s.merchantId, s]),
  );
  const ids = [...new Set([...trade.keys(), ...records.keys()])].sort((a, b) => a - b);
  const names = await merchantNamesOf(db, ids);
  for (const id of ids) {
    const who = names.get(id)?.mchNo ?? `merchant ${id}`;
    const moves = await movementsOf(db, [merchantAccount(id, 'pending')], start, end);
    const f = figuresOf(moves);
    const pay = moves.filter((m) => m.kind === 'PAYMENT');
    const ref = moves.filter((m) => m.kind === 'REFUND');
    const t = trade.get(id) ?? { paidCount: 0, paidFen: 0, feeFen: 0, refundCount: 0, refundFen: 0 };
    const ledgerPaid = [
      pay.reduce((s, m) => s + m.count, 0),
      -pay.reduce((s, m) => s + m.clearingFen, 0),
      pay.reduce((s, m) => s + m.feeFen, 0),
    ];
    if (String(ledgerPaid) !== String([t.paidCount, t.paidFen, t.feeFen])) {
      problems.push(
        `${who}: orders paid ${[t.paidCount, t.paidFen, t.feeFen]} (count, fen, fee) but the ledger has ${ledgerPaid}`,
      );
    }
    const ledgerRefunds = [ref.reduce((s, m) => s + m.count, 0), ref.reduce((s, m) => s + m.clearingFen, 0)];
    if (String(ledgerRefunds) !== String([t.refundCount, t.refundFen])) {
      problems.push(
        `${who}: refunds asked ${[t.refundCount, t.refundFen]} (count, fen) but the ledger has ${ledgerRefunds}`,
      );
    }
    const s = records.get(id);
    if (moves.length === 0 && !s) continue;
    if (!s) problems.push(`${who}: money moved on ${day} but there is no settlement`);
    else if (s.status !== 'SETTLED')
      problems.push(`${who}: settlement ${s.settleNo} is ${s.status}${s.failReason ? ` (${s.failReason})` : ''}`);
    else {
      // The ledger's net is before the split: the record's net plus its split.
      const kept = [s.tradeCount, s.tradeFen, s.refundCount, s.refundFen, s.feeFen, s.netFen + s.splitFen];
      const ledger = [f.tradeCount, f.tradeFen, f.refundCount, f.refundFen, f.feeFen, f.netFen];
      if (String(kept) !== String(ledger))
        problems.push(`${who}: settlement ${s.settleNo} has ${kept}, the ledger ${ledger}`);
    }
  }
  return problems;
}
