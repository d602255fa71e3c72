import { eq } from 'drizzle-orm';
import type { ReconcileCheck } from '../../module.ts';
import { merchantsWithPurse, movementsOf } from '../ledger/index.ts';
import { merchantNamesOf } from '../merchant/index.ts';
import { settlementDue } from './settle-time.ts';
import { figuresOf } from './settle.service.ts';
import { settlements } from './settlement.tables.ts';

/**
 * The settlement module's part of reconciliation (the trade bill is read from the same ledger movements as the
 * settlement, so it agrees when they do): per merchant with movements that day, one settlement, SETTLED, with the
 * figures of the ledger. A missing or FAILED one is a difference once the day's settlement is due; before (today,
 * or the next day before MCHWEB_SETTLE_AT), a merchant without one is reported as open.
 */
export const settlementReconcileCheck: ReconcileCheck = {
  name: 'settlements',
  async check(db, { day, start, end, tz, now, settleAt }) {
    const records = new Map(
      (await db.select().from(settlements).where(eq(settlements.settleDate, day))).map((s) => [s.merchantId, s]),
    );
    const ids = [...new Set([...(await merchantsWithPurse(db, 'pending')), ...records.keys()])].sort((a, b) => a - b);
    const names = await merchantNamesOf(db, ids);
    const due = settlementDue(day, now, tz, settleAt);
    const differences: string[] = [];
    const open: string[] = [];
    for (const id of ids) {
      const who = names.get(id)?.mchNo ?? `merchant ${id}`;
      const moves = await movementsOf(db, [id], start, end);
      const s = records.get(id);
      if (moves.length === 0 && !s) continue;
      if (!s && !due) open.push(`${who}: ${day} is not settled yet`);
      else if (!s) differences.push(`${who}: money moved on ${day} but there is no settlement`);
      else if (s.status !== 'SETTLED')
        differences.push(`${who}: settlement ${s.settleNo} is ${s.status}${s.failReason ? ` (${s.failReason})` : ''}`);
      else {
        // The ledger's net is before the split: the record's net plus its split.
        const f = figuresOf(moves);
        const kept = [s.tradeCount, s.tradeFen, s.refundCount, s.refundFen, s.feeFen, s.netFen + s.splitFen];
        const ledger = [f.tradeCount, f.tradeFen, f.refundCount, f.refundFen, f.feeFen, f.netFen];
        if (String(kept) !== String(ledger))
          differences.push(`${who}: settlement ${s.settleNo} has ${kept}, the ledger ${ledger}`);
      }
    }
    return { differences, open };
  },
};
