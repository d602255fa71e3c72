import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * Transfers against the ledger: every merchant's money in transit is its PROCESSING transfers, every SUCCESS
 * transfer was paid out once, every FAILED one returned once. Answers every difference as a sentence.
 */
export async function transferProblems(db: Tx): Promise<string[]> {
  const rows = (await db.execute(sql`
    select 'merchant ' || coalesce(p.merchant_id, b.merchant_id) || ': in transit ' || coalesce(b.balance, 0)
      || ' but processing transfers ' || coalesce(p.total, 0) as problem
    from (select merchant_id, sum(amount_fen) as total from transfers where status = 'PROCESSING' group by merchant_id) p
    full join (select split_part(account, ':', 2)::int as merchant_id, balance_fen as balance from ledger_balances
               where account like 'mch:%:in_transit') b on b.merchant_id = p.merchant_id
    where coalesce(p.total, 0) <> coalesce(b.balance, 0)
    union all
    select 'transfer ' || t.transfer_no || ' is ' || t.status || ' but the ledger has '
      || count(l.id) filter (where l.kind = 'PAYOUT') || ' payout(s) and '
      || count(l.id) filter (where l.kind = 'TRANSFER_REVERSAL') || ' return(s)'
    from transfers t left join ledger_transactions l on l.ref_no = t.transfer_no
    group by t.transfer_no, t.status
    having count(l.id) filter (where l.kind = 'TRANSFER') <> 1
      or count(l.id) filter (where l.kind = 'PAYOUT') <> (case when t.status = 'SUCCESS' then 1 else 0 end)
      or count(l.id) filter (where l.kind = 'TRANSFER_REVERSAL') <> (case when t.status = 'FAILED' then 1 else 0 end)`)) as unknown as {
    rows: { problem: string }[];
  };
  return rows.rows.map((r) => r.problem);
}
