import { sql } from 'drizzle-orm';
import { MERCHANT_ACCOUNT_LIKE } from './ledger.accounts.ts';
import type { Tx } from '../../db/client.ts';
import type { ReconcileCheck } from '../../module.ts';

/** Rows of a raw query: the same shape from PGlite and node-postgres. */
async function rowsOf<T>(db: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** What `checkLedger` finds wrong; empty when the books are right. */
export interface LedgerProblem {
  kind: 'unbalanced-transaction' | 'balance-drift' | 'negative-balance' | 'entry-time';
  detail: string;
}

/**
 * The ledger's invariants, checked from the entries themselves: every transaction sums to zero, every kept
 * balance equals the sum of its account's entries, no merchant's available or in-transit money (nor its money in
 * all) is below zero, every entry carries its transaction's time. Used by the tests after
 * every step and by `npm run ops -- reconcile`.
 */
export async function checkLedger(db: Tx): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await rowsOf<{ id: number; sum: string }>(
    db,
    sql`
    select transaction_id as id, sum(amount_fen)::text as sum from ledger_entries
    group by transaction_id having sum(amount_fen) <> 0`,
  );
  for (const r of unbalanced) {
    problems.push({ kind: 'unbalanced-transaction', detail: `T${r.id} sums to ${r.sum}` });
  }
  const drift = await rowsOf<{ account: string; kept: string | null; summed: string | null }>(
    db,
    sql`
    select coalesce(b.account, e.account) as account, b.balance_fen::text as kept, e.summed::text as summed
    from ledger_balances b
    full join (select account, sum(amount_fen) as summed from ledger_entries where account like ${MERCHANT_ACCOUNT_LIKE}
               group by account) e on e.account = b.account
    where coalesce(b.balance_fen, 0) <> coalesce(e.summed, 0)`,
  );
  for (const r of drift) {
    problems.push({ kind: 'balance-drift', detail: `${r.account}: kept ${r.kept ?? 0}, entries ${r.summed ?? 0}` });
  }
  // Pending may be below zero (refunds of a day beyond its trade, netted by its settlement); what a merchant may
  // spend (available, in transit) never is, nor is a merchant's money in all.
  const negative = await rowsOf<{ account: string; balance: string }>(
    db,
    sql`
    select account, balance_fen::text as balance from ledger_balances
    where balance_fen < 0 and account not like '%:pending'
    union all
    select split_part(account, ':', 2), sum(balance_fen)::text from ledger_balances
    group by split_part(account, ':', 2) having sum(balance_fen) < 0`,
  );
  for (const r of negative) {
    problems.push({ kind: 'negative-balance', detail: `${r.account}: ${r.balance}` });
  }
  const times = await rowsOf<{ id: number }>(
    db,
    sql`select e.id from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
        where e.created_at <> t.created_at limit 5`,
  );
  for (const r of times) problems.push({ kind: 'entry-time', detail: `entry ${r.id}` });
  return problems;
}

/** The ledger's part of reconciliation: its invariants hold, whatever the day. */
export const ledgerReconcileCheck: ReconcileCheck = {
  name: 'ledger',
  check: async (db) => ({ differences: (await checkLedger(db)).map((p) => `ledger: ${p.kind}: ${p.detail}`) }),
};
