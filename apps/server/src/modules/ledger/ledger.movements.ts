import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { FEE_INCOME } from './ledger.accounts.ts';

/** One kind of business movement on an account over a time range, with the other sides of its transactions. */
export interface Movement {
  kind: string;
  count: number;
  /** The sum of the account's own entries. */
  accountFen: number;
  /** The channel clearing side (payments: minus the amount; refunds: plus the amount). */
  clearingFen: number;
  /** The fee income side (payments: the fee; refunds: minus the fee given back). */
  feeFen: number;
}

/**
 * What moved on `account` in [start, end), per kind of transaction, settlements themselves left out: the
 * figures of a merchant-day's settlement and bill. One range of the entries' (account, created_at) index, then the
 * other entries of those transactions.
 */
export async function movementsOf(db: Tx, account: string, start: Date, end: Date): Promise<Movement[]> {
  const result = (await db.execute(sql`
    with mine as (
      select e.transaction_id, e.amount_fen from ledger_entries e
      where e.account = ${account} and e.created_at >= ${start.toISOString()} and e.created_at < ${end.toISOString()}
    )
    select t.kind, count(*)::int as count, sum(m.amount_fen)::text as account_fen,
      coalesce(sum((select sum(o.amount_fen) from ledger_entries o
        where o.transaction_id = t.id and o.account like 'channel:%')), 0)::text as clearing_fen,
      coalesce(sum((select sum(o.amount_fen) from ledger_entries o
        where o.transaction_id = t.id and o.account = ${FEE_INCOME})), 0)::text as fee_fen
    from mine m join ledger_transactions t on t.id = m.transaction_id
    where t.kind <> 'SETTLEMENT'
    group by t.kind`)) as unknown as {
    rows: { kind: string; count: number; account_fen: string; clearing_fen: string; fee_fen: string }[];
  };
  return result.rows.map((r) => ({
    kind: r.kind,
    count: Number(r.count),
    accountFen: Number(r.account_fen),
    clearingFen: Number(r.clearing_fen),
    feeFen: Number(r.fee_fen),
  }));
}

/** The accounts of one purse of every merchant that has one (`mch:<id>:pending`), with the merchant's id. */
export async function merchantsWithPurse(db: Tx, purse: string): Promise<number[]> {
  const result = (await db.execute(
    sql`select account from ledger_balances where account like ${`mch:%:${purse}`}`,
  )) as unknown as { rows: { account: string }[] };
  return result.rows.map((r) => Number(r.account.split(':')[1]));
}
