import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { FEE_INCOME, MERCHANT_ACCOUNT_LIKE } from './ledger.accounts.ts';
import type { LedgerKind } from './ledger.service.ts';

/**
 * The bulk form of the payment and refund recipes, for loads of many at once (the sandbox's demo orders): the
 * same entries, guards and kept balances as `paymentCaptured` and `refundHeld`, in a handful of statements per
 * batch instead of a handful per transaction. Each takes a query of business rows (no account names); run it
 * inside a transaction. Answers how many transactions it posted.
 */

const rowsOf = async <T>(tx: Tx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Payments captured: `rows` answers `ref_no` (the order number), `company_id`, `merchant_id`, `channel`,
 * `amount_fen`, `fee_fen` and `at` (the payment time), one row per payment.
 */
export async function bulkPaymentsCaptured(tx: Tx, rows: SQL): Promise<number> {
  const n = await bulkPost(
    tx,
    'PAYMENT',
    rows,
    sql`r.fee_fen`,
    sql`(values ('channel:' || r.channel || ':clearing', -r.amount_fen),
      ('mch:' || r.merchant_id || ':pending', r.amount_fen - r.fee_fen), (${FEE_INCOME}, r.fee_fen))`,
  );
  await tx.execute(sql`drop table bulk_rows`);
  return n;
}

/**
 * Refunds held: `rows` answers `ref_no` (the refund number), `company_id`, `merchant_id`, `channel`, `amount_fen`,
 * `fee_refund_fen` and `at`. As `refundHeld`, a merchant's pending and available together may not end below zero
 * (checked once for the batch, after it: the whole batch is refused).
 */
export async function bulkRefundsHeld(tx: Tx, rows: SQL): Promise<number> {
  const n = await bulkPost(
    tx,
    'REFUND',
    rows,
    sql`r.fee_refund_fen`,
    sql`(values ('mch:' || r.merchant_id || ':pending', -(r.amount_fen - r.fee_refund_fen)),
      (${FEE_INCOME}, -r.fee_refund_fen), ('channel:' || r.channel || ':clearing', r.amount_fen))`,
  );
  const short = await rowsOf<{ merchant: string }>(
    tx,
    sql`select split_part(account, ':', 2) as merchant from ledger_balances
      where account like ${MERCHANT_ACCOUNT_LIKE} and split_part(account, ':', 3) in ('pending', 'available')
        and split_part(account, ':', 2) in (select distinct merchant_id::text from bulk_rows)
      group by 1 having sum(balance_fen) < 0 limit 1`,
  );
  if (short.length) throw new Error(`ledger: REFUND batch leaves merchant ${short[0]!.merchant} below zero`);
  await tx.execute(sql`drop table bulk_rows`);
  return n;
}

/**
 * One kind's transactions from business rows: the rows kept for the batch (`bulk_rows`, the caller drops it), their amounts checked
 * (whole fen above zero, the fee part from 0 to the amount), then the transactions, their entries (`entries`, a
 * VALUES list over `r`) and the merchants' kept balances.
 */
async function bulkPost(tx: Tx, kind: LedgerKind, rows: SQL, feePart: SQL, entries: SQL): Promise<number> {
  await tx.execute(sql`create temp table bulk_rows on commit drop as ${rows}`);
  const [bad] = await rowsOf<{ ref_no: string }>(
    tx,
    sql`select ref_no from bulk_rows r where not (r.amount_fen > 0 and ${feePart} >= 0 and ${feePart} <= r.amount_fen)
      limit 1`,
  );
  if (bad) throw new Error(`ledger: ${kind} ${bad.ref_no} has an amount or fee out of range`);
  const inserted = await rowsOf<unknown>(
    tx,
    sql`insert into ledger_transactions (kind, ref_no, company_id, created_at)
      select ${kind}, ref_no, company_id, at from bulk_rows returning id`,
  );
  await tx.execute(sql`create temp table bulk_entries on commit drop as
    select r.ref_no, e.account, e.amount_fen from bulk_rows r cross join lateral ${entries} as e(account, amount_fen)`);
  await tx.execute(sql`
    insert into ledger_entries (transaction_id, account, amount_fen, created_at)
    select t.id, b.account, b.amount_fen, t.created_at from bulk_entries b
    join ledger_transactions t on t.ref_no = b.ref_no and t.kind = ${kind}
    where b.amount_fen <> 0`);
  await tx.execute(sql`
    insert into ledger_balances (account, balance_fen)
    select account, sum(amount_fen) from bulk_entries where account like ${MERCHANT_ACCOUNT_LIKE} group by account
    on conflict (account) do update set balance_fen = ledger_balances.balance_fen + excluded.balance_fen,
      updated_at = now()`);
  await tx.execute(sql`drop table bulk_entries`);
  return inserted.length;
}
