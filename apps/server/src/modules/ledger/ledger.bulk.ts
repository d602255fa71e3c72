import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * Post many transactions of one kind at once, for bulk loads (the demo order generator): `entries` is a query
 * answering `ref_no, company_id, at, account, amount_fen`, one row per entry. The same tables and rules as
 * postTransaction (each ref_no must sum to zero, kept balances updated in the same transaction), in four
 * statements instead of four per transaction. Run it inside a transaction.
 */
export async function bulkPost(tx: Tx, kind: string, entries: SQL): Promise<number> {
  await tx.execute(sql`create temp table bulk_entries on commit drop as ${entries}`);
  const unbalanced = (await tx.execute(
    sql`select ref_no from bulk_entries group by ref_no having sum(amount_fen) <> 0 limit 1`,
  )) as unknown as { rows: { ref_no: string }[] };
  if (unbalanced.rows.length) throw new Error(`ledger: ${kind} ${unbalanced.rows[0]!.ref_no} is unbalanced`);
  const inserted = (await tx.execute(sql`
    insert into ledger_transactions (kind, ref_no, company_id, created_at)
    select ${kind}, ref_no, min(company_id), min(at) from bulk_entries group by ref_no
    returning id`)) as unknown as { rows: unknown[] };
  await tx.execute(sql`
    insert into ledger_entries (transaction_id, account, amount_fen, created_at)
    select t.id, b.account, b.amount_fen, t.created_at from bulk_entries b
    join ledger_transactions t on t.ref_no = b.ref_no and t.kind = ${kind}
    where b.amount_fen <> 0`);
  await tx.execute(sql`
    insert into ledger_balances (account, balance_fen)
    select account, sum(amount_fen) from bulk_entries where account like 'mch:%' group by account
    on conflict (account) do update set balance_fen = ledger_balances.balance_fen + excluded.balance_fen,
      updated_at = now()`);
  await tx.execute(sql`drop table bulk_entries`);
  return inserted.rows.length;
}
