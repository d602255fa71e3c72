import type { Tx } from '../../db/client.ts';
import type { ReconcileCheck } from '../../module.ts';
import { postingCounts, purseTotals } from '../ledger/index.ts';
import { transfers } from './transfer.tables.ts';

/**
 * Transfers against the ledger: every merchant's money in transit is its PROCESSING transfers, every SUCCESS
 * transfer was paid out once, every FAILED one returned once. Answers every difference as a sentence.
 */
export async function transferProblems(db: Tx): Promise<string[]> {
  const rows = await db
    .select({
      transferNo: transfers.transferNo,
      merchantId: transfers.merchantId,
      status: transfers.status,
      amountFen: transfers.amountFen,
    })
    .from(transfers);
  const problems: string[] = [];
  const processing = new Map<number, number>();
  for (const t of rows) {
    if (t.status === 'PROCESSING') processing.set(t.merchantId, (processing.get(t.merchantId) ?? 0) + t.amountFen);
  }
  const inTransit = await purseTotals(db, 'in_transit');
  for (const id of new Set([...processing.keys(), ...inTransit.keys()])) {
    const [kept, owed] = [inTransit.get(id) ?? 0, processing.get(id) ?? 0];
    if (kept !== owed) problems.push(`merchant ${id}: in transit ${kept} but processing transfers ${owed}`);
  }
  const posted = await postingCounts(db, ['TRANSFER', 'PAYOUT', 'TRANSFER_REVERSAL']);
  for (const t of rows) {
    const n = (kind: 'TRANSFER' | 'PAYOUT' | 'TRANSFER_REVERSAL') => posted.get(t.transferNo)?.get(kind) ?? 0;
    if (
      n('TRANSFER') !== 1 ||
      n('PAYOUT') !== (t.status === 'SUCCESS' ? 1 : 0) ||
      n('TRANSFER_REVERSAL') !== (t.status === 'FAILED' ? 1 : 0)
    ) {
      problems.push(
        `transfer ${t.transferNo} is ${t.status} but the ledger has ${n('PAYOUT')} payout(s) and ${n('TRANSFER_REVERSAL')} return(s)`,
      );
    }
  }
  return problems;
}

/** The transfer module's part of reconciliation (whatever the day: money in transit has no day). */
export const transferReconcileCheck: ReconcileCheck = {
  name: 'transfers',
  check: async (db) => ({ differences: (await transferProblems(db)).map((p) => `transfers: ${p}`) }),
};
