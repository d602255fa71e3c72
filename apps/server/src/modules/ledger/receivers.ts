import { and, eq, like, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { splitReceivable } from './ledger.accounts.ts';
import { ledgerEntries, ledgerTransactions } from './ledger.tables.ts';

// What the platform owes outside split receivers: the balance of each `split:<applyNo>:<n>` account (their
// settled shares less what was paid to them). These accounts keep no running balance, so the sum is read.

/** Every outside receiver owed money, with its organisation: applyNo, receiver position, fen owed. */
export async function receiversOwed(db: Tx) {
  const rows = await db
    .select({
      account: ledgerEntries.account,
      owedFen: sql<string>`sum(${ledgerEntries.amountFen})`,
      companyId: sql<number>`min(${ledgerTransactions.companyId})`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(like(ledgerEntries.account, 'split:%'))
    .groupBy(ledgerEntries.account)
    .having(sql`sum(${ledgerEntries.amountFen}) <> 0`);
  return rows.flatMap((r) => {
    const match = /^split:([^:]+):(\d+)$/.exec(r.account);
    return match
      ? [{ applyNo: match[1]!, receiver: Number(match[2]), owedFen: Number(r.owedFen), companyId: r.companyId }]
      : [];
  });
}

/**
 * What one receiver is owed, read under a lock on its account (a transaction-scoped advisory lock), so two
 * payouts approved at once cannot both pay the same debt.
 */
export async function receiverOwed(tx: Tx, applyNo: string, receiver: number): Promise<number> {
  const account = splitReceivable(applyNo, receiver);
  await tx.execute(sql`select pg_advisory_xact_lock(28029, hashtext(${account}))`);
  const [row] = await tx
    .select({ owed: sql<string | null>`sum(${ledgerEntries.amountFen})` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.account, account)));
  return Number(row?.owed ?? 0);
}
