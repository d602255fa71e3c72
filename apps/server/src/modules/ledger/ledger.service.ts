import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import type { Text } from '../../i18n/text.ts';
import { isMerchantAccount, MERCHANT_PURSES, merchantAccount, type MerchantPurse } from './ledger.accounts.ts';
import { ledgerBalances, ledgerEntries, ledgerTransactions } from './ledger.tables.ts';

/** The kinds of ledger transaction: one per recipe of ledger.recipes.ts (a closed set). */
export type LedgerKind =
  | 'PAYMENT'
  | 'REFUND'
  | 'REFUND_REVERSAL'
  | 'SETTLEMENT'
  | 'TRANSFER'
  | 'PAYOUT'
  | 'TRANSFER_REVERSAL'
  | 'ADJUSTMENT'
  | 'RECEIVER_PAYOUT';

export interface Entry {
  account: string;
  /** Signed fen, credit positive. */
  amountFen: number;
}

export interface Posting {
  kind: LedgerKind;
  /** The business object (order, refund, settlement number): kind + refNo posts at most once. */
  refNo: string;
  companyId: number;
  /** When it happened (default now): the business event's own time, e.g. the order's payment time. */
  at?: Date;
  entries: Entry[];
  /**
   * Accounts that must not go below zero: their debit is refused, with this text, when the balance does not
   * cover it (checked and taken in one statement, so concurrent debits cannot overdraw).
   */
  noOverdraft?: { accounts: string[]; refusal: Text };
}

/**
 * Post one balanced transaction. Call it inside the database transaction of the state change it belongs to: both
 * commit or neither does. Throws (and so rolls back) when the entries do not sum to zero, when an amount is not a
 * whole fen, or when a no-overdraft account lacks the money. One statement (one round trip) when no guarded
 * account is debited, as for a payment; with a guarded debit, one more for each merchant account it moves.
 */
export async function postTransaction(tx: Tx, posting: Posting): Promise<number> {
  const entries = posting.entries.filter((e) => e.amountFen !== 0);
  if (entries.length === 0) throw new Error(`ledger: ${posting.kind} ${posting.refNo} has no entries`);
  if (entries.some((e) => !Number.isSafeInteger(e.amountFen))) {
    throw new Error(`ledger: ${posting.kind} ${posting.refNo} has an amount that is not whole fen`);
  }
  const sum = entries.reduce((s, e) => s + e.amountFen, 0);
  if (sum !== 0) throw new Error(`ledger: ${posting.kind} ${posting.refNo} is unbalanced by ${sum} fen`);

  // Balances in a fixed order (by account name, as lockBalances), so two transactions touching the same accounts
  // lock them in the same order and cannot deadlock. One row per account: an upsert may not touch a row twice.
  const byAccount = new Map<string, number>();
  for (const e of entries) {
    if (isMerchantAccount(e.account)) byAccount.set(e.account, (byAccount.get(e.account) ?? 0) + e.amountFen);
  }
  const balances = [...byAccount].sort(([a], [b]) => a.localeCompare(b));
  const guarded = new Set(posting.noOverdraft?.accounts ?? []);
  const takes = (account: string, delta: number) => delta < 0 && guarded.has(account);
  if (!balances.some(([account, delta]) => takes(account, delta))) {
    return insertPosting(tx, posting, entries, balances);
  }
  // A guarded debit: the transaction and its entries first, then each balance on its own, in the same order; a
  // guarded one is checked and taken in one statement.
  const id = await insertPosting(tx, posting, entries, []);
  for (const [account, delta] of balances) {
    if (takes(account, delta)) {
      const taken = await tx
        .update(ledgerBalances)
        .set({ balanceFen: sql`${ledgerBalances.balanceFen} + ${delta}`, updatedAt: new Date() })
        .where(and(eq(ledgerBalances.account, account), gte(ledgerBalances.balanceFen, -delta)))
        .returning({ account: ledgerBalances.account });
      if (taken.length === 0) throw conflict(posting.noOverdraft!.refusal);
    } else {
      await tx
        .insert(ledgerBalances)
        .values({ account, balanceFen: delta })
        .onConflictDoUpdate({
          target: ledgerBalances.account,
          set: { balanceFen: sql`${ledgerBalances.balanceFen} + ${delta}`, updatedAt: new Date() },
        });
    }
  }
  return id;
}

/**
 * The transaction, its entries (their ids in the order given: an order's detail lists them so) and the kept
 * balances' deltas (`balances`, in account order, each account once: added to its row, or its first row) in one
 * statement of data-modifying CTEs. Answers the transaction's id. A second posting of the same kind and refNo
 * fails on the unique index `ledger_transactions_ref_idx`, as a plain insert does.
 */
async function insertPosting(
  tx: Tx,
  posting: Posting,
  entries: Entry[],
  balances: [account: string, delta: number][],
): Promise<number> {
  const at = (posting.at ?? new Date()).toISOString();
  const b = ledgerBalances;
  const kept = balances.length
    ? sql`, kept as (
      insert into ${b} (account, balance_fen, updated_at)
      select k.account, k.delta, ${new Date().toISOString()}::timestamptz
      from unnest(${sql.param(balances.map(([a]) => a))}::text[], ${sql.param(balances.map(([, d]) => d))}::bigint[])
        with ordinality as k(account, delta, n)
      order by k.n
      on conflict (account) do update set balance_fen = ${b.balanceFen} + excluded.balance_fen,
        updated_at = excluded.updated_at)`
    : sql``;
  const { rows } = (await tx.execute(sql`
    with posted as (
      insert into ${ledgerTransactions} (kind, ref_no, company_id, created_at)
      values (${posting.kind}::text, ${posting.refNo}::text, ${posting.companyId}::int, ${at}::timestamptz)
      returning id
    ), lines as (
      insert into ${ledgerEntries} (transaction_id, account, amount_fen, created_at)
      select posted.id, x.account, x.amount_fen, ${at}::timestamptz
      from posted, unnest(${sql.param(entries.map((e) => e.account))}::text[],
        ${sql.param(entries.map((e) => e.amountFen))}::bigint[]) with ordinality as x(account, amount_fen, n)
      order by x.n
    )${kept}
    select id from posted`)) as unknown as { rows: { id: number | string }[] };
  return Number(rows[0]!.id);
}

/** The kept balances of merchants' purses (0 for a purse that never moved), by merchant id. */
export async function purseBalances(
  db: Tx,
  merchantIds: number[],
): Promise<Map<number, Record<MerchantPurse, number>>> {
  const found = new Map(merchantIds.map((id) => [id, { pending: 0, available: 0, in_transit: 0 }]));
  const accounts = new Map(
    merchantIds.flatMap((id) => MERCHANT_PURSES.map((p) => [merchantAccount(id, p), [id, p]] as const)),
  );
  if (accounts.size === 0) return found;
  const rows = await db
    .select()
    .from(ledgerBalances)
    .where(inArray(ledgerBalances.account, [...accounts.keys()]));
  for (const r of rows) {
    const [id, purse] = accounts.get(r.account)!;
    found.get(id)![purse] = r.balanceFen;
  }
  return found;
}

export interface PostingLine {
  txNo: string;
  kind: string;
  refNo: string;
  account: string;
  amountFen: number;
  at: Date;
}

/** Every entry of the transactions posted for these business objects, oldest first (an order's detail). */
export async function postingsOf(db: Tx, companyId: number, refNos: string[]): Promise<PostingLine[]> {
  if (refNos.length === 0) return [];
  const rows = await db
    .select({
      txId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      refNo: ledgerTransactions.refNo,
      account: ledgerEntries.account,
      amountFen: ledgerEntries.amountFen,
      at: ledgerTransactions.createdAt,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(and(eq(ledgerTransactions.companyId, companyId), inArray(ledgerTransactions.refNo, refNos)))
    .orderBy(asc(ledgerTransactions.id), asc(ledgerEntries.id));
  return rows.map((r) => ({ ...r, txNo: `T${r.txId}` }));
}

/**
 * Lock merchant balances for the rest of the transaction, in account order (no deadlock between two callers), and
 * answer them: a caller that splits a debit over purses (a refund takes pending first, then available) reads
 * balances no one else can change before it posts.
 */
export async function lockBalances(tx: Tx, accounts: string[]): Promise<Map<string, number>> {
  const sorted = [...new Set(accounts)].sort((a, b) => a.localeCompare(b));
  const found = new Map(sorted.map((a) => [a, 0]));
  for (const account of sorted) {
    const [row] = await tx.select().from(ledgerBalances).where(eq(ledgerBalances.account, account)).for('update');
    if (row) found.set(account, row.balanceFen);
  }
  return found;
}

/** Post the exact opposite of an earlier transaction (a failed refund or payout gives its money back). */
export async function reverseTransaction(
  tx: Tx,
  original: { kind: LedgerKind; refNo: string },
  reversal: { kind: LedgerKind; companyId: number; at?: Date },
): Promise<number> {
  const rows = await tx
    .select({ account: ledgerEntries.account, amountFen: ledgerEntries.amountFen })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(and(eq(ledgerTransactions.kind, original.kind), eq(ledgerTransactions.refNo, original.refNo)));
  if (rows.length === 0) throw new Error(`ledger: no ${original.kind} ${original.refNo} to reverse`);
  return postTransaction(tx, {
    kind: reversal.kind,
    refNo: original.refNo,
    companyId: reversal.companyId,
    at: reversal.at,
    entries: rows.map((r) => ({ account: r.account, amountFen: -r.amountFen })),
  });
}
