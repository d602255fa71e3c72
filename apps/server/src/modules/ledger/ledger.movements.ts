import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { FEE_INCOME, merchantAccount, purseLike, type MerchantPurse } from './ledger.accounts.ts';
import type { LedgerKind } from './ledger.service.ts';

/** One kind of business movement on one channel over a time range, with the other sides of its transactions. */
export interface Movement {
  kind: string;
  channel: string;
  count: number;
  /** The sum of the accounts' own entries. */
  accountFen: number;
  /** The channel clearing side (payments: minus the amount; refunds: plus the amount). */
  clearingFen: number;
  /** The fee income side (payments: the fee; refunds: minus the fee given back). */
  feeFen: number;
}

const accountList = (accounts: string[]) =>
  sql.join(
    accounts.map((a) => sql`${a}`),
    sql`, `,
  );

/**
 * What moved on these merchants' pending money in [start, end), per kind of transaction and channel, settlements
 * themselves left out:
 * the figures of a merchant-day's settlement and of a bill. One range of the entries' (account, created_at) index
 * per account, then the other entries of each of those transactions read once (a lateral join).
 */
export async function movementsOf(db: Tx, merchantIds: number[], start: Date, end: Date): Promise<Movement[]> {
  if (merchantIds.length === 0) return [];
  const accounts = merchantIds.map((id) => merchantAccount(id, 'pending'));
  const result = (await db.execute(sql`
    with mine as (
      select e.transaction_id, e.amount_fen from ledger_entries e
      where e.account in (${accountList(accounts)})
        and e.created_at >= ${start.toISOString()} and e.created_at < ${end.toISOString()}
    ), sides as (
      select m.transaction_id, m.amount_fen, t.kind, s.channel, s.clearing, s.fee
      from mine m join ledger_transactions t on t.id = m.transaction_id
      cross join lateral (
        select max(split_part(o.account, ':', 2)) filter (where o.account like 'channel:%') as channel,
          sum(o.amount_fen) filter (where o.account like 'channel:%') as clearing,
          sum(o.amount_fen) filter (where o.account = ${FEE_INCOME}) as fee
        from ledger_entries o where o.transaction_id = t.id) s
      where t.kind <> 'SETTLEMENT'
    )
    select kind, coalesce(channel, '') as channel, count(*)::int as count, sum(amount_fen)::text as account_fen,
      coalesce(sum(clearing), 0)::text as clearing_fen, coalesce(sum(fee), 0)::text as fee_fen
    from sides group by kind, channel`)) as unknown as {
    rows: {
      kind: string;
      channel: string;
      count: number;
      account_fen: string;
      clearing_fen: string;
      fee_fen: string;
    }[];
  };
  return result.rows.map((r) => ({
    kind: r.kind,
    channel: r.channel,
    count: Number(r.count),
    accountFen: Number(r.account_fen),
    clearingFen: Number(r.clearing_fen),
    feeFen: Number(r.fee_fen),
  }));
}

/** Every merchant that has this purse (whatever its balance). */
export async function merchantsWithPurse(db: Tx, purse: MerchantPurse): Promise<number[]> {
  return [...(await purseTotals(db, purse)).keys()];
}

/**
 * The merchants whose pending money moved in [start, end), settlements left out: those with a merchant-day to
 * settle. One probe of the entries' (account, created_at) index per pending purse.
 */
export async function merchantsMovedOn(db: Tx, start: Date, end: Date): Promise<number[]> {
  const result = (await db.execute(sql`
    select split_part(b.account, ':', 2)::int as id from ledger_balances b
    where b.account like ${purseLike('pending')} and exists (
      select 1 from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      where e.account = b.account and e.created_at >= ${start.toISOString()} and e.created_at < ${end.toISOString()}
        and t.kind <> 'SETTLEMENT')
    order by 1`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

/** Every merchant's balance of one purse, for those that have it. */
export async function purseTotals(db: Tx, purse: MerchantPurse): Promise<Map<number, number>> {
  const result = (await db.execute(
    sql`select account, balance_fen::text as fen from ledger_balances where account like ${purseLike(purse)}`,
  )) as unknown as { rows: { account: string; fen: string }[] };
  return new Map(result.rows.map((r) => [Number(r.account.split(':')[1]), Number(r.fen)]));
}

/** How many transactions of each kind every business object has, for these kinds (reconciliation). */
export async function postingCounts(db: Tx, kinds: LedgerKind[]): Promise<Map<string, Map<LedgerKind, number>>> {
  const found = new Map<string, Map<LedgerKind, number>>();
  if (kinds.length === 0) return found;
  const result = (await db.execute(sql`
    select ref_no, kind, count(*)::int as n from ledger_transactions
    where kind in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}) group by ref_no, kind`)) as unknown as { rows: { ref_no: string; kind: LedgerKind; n: number }[] };
  for (const r of result.rows) {
    if (!found.has(r.ref_no)) found.set(r.ref_no, new Map());
    found.get(r.ref_no)!.set(r.kind, Number(r.n));
  }
  return found;
}

/** One business transaction on a merchant's pending money, with the other sides (a settlement's or bill's line). */
export interface MovementLine {
  txId: number;
  kind: string;
  refNo: string;
  merchantId: number;
  /** The channel of its clearing side. */
  channel: string;
  /** Its effect on pending. */
  accountFen: number;
  clearingFen: number;
  feeFen: number;
  at: Date;
}

/**
 * The business transactions on these merchants' pending money in [start, end), oldest first, keyset by
 * transaction id (`afterTxId`), settlements left out.
 */
export async function movementLines(
  db: Tx,
  merchantIds: number[],
  range: { start: Date; end: Date },
  page: { afterTxId?: number; limit: number },
): Promise<MovementLine[]> {
  if (merchantIds.length === 0) return [];
  const q = movementLinesQuery(merchantIds, range);
  const result = (await db.execute(sql`
    select ${q.key} as id, ${q.kind} as kind, ${q.refNo} as ref_no, ${q.merchantId} as merchant_id,
      ${q.channel} as channel, ${q.accountFen}::text as account_fen, ${q.at} as created_at,
      ${q.clearingFen}::text as clearing_fen, ${q.feeFen}::text as fee_fen
    from ${q.from} where ${q.where} ${page.afterTxId === undefined ? sql`` : sql`and ${q.key} > ${page.afterTxId}`}
    order by ${q.key} limit ${page.limit}`)) as unknown as {
    rows: {
      id: number | string;
      kind: string;
      ref_no: string;
      merchant_id: number | string;
      channel: string | null;
      account_fen: string;
      created_at: Date | string;
      clearing_fen: string;
      fee_fen: string;
    }[];
  };
  return result.rows.map((r) => ({
    txId: Number(r.id),
    kind: r.kind,
    refNo: r.ref_no,
    merchantId: Number(r.merchant_id),
    channel: r.channel ?? '',
    accountFen: Number(r.account_fen),
    clearingFen: Number(r.clearing_fen),
    feeFen: Number(r.fee_fen),
    at: new Date(r.created_at),
  }));
}

/**
 * The lines of `movementLines` as parts of one query, which an export copies out whole (a day's bill can hold a
 * hundred thousand): every other side of a transaction read in one pass of its entries (a lateral join).
 * Columns: at, kind, ref_no, merchant_id, channel, account_fen (the effect on pending), clearing_fen, fee_fen; the
 * key is the transaction's id, in posting order.
 */
export function movementLinesQuery(merchantIds: number[], range: { start: Date; end: Date }) {
  const accounts = merchantIds.map((id) => merchantAccount(id, 'pending'));
  return {
    from: sql`ledger_entries e join ledger_transactions t on t.id = e.transaction_id
      cross join lateral (
        select max(split_part(o.account, ':', 2)) filter (where o.account like 'channel:%') as channel,
          coalesce(sum(o.amount_fen) filter (where o.account like 'channel:%'), 0) as clearing_fen,
          coalesce(sum(o.amount_fen) filter (where o.account = ${FEE_INCOME}), 0) as fee_fen
        from ledger_entries o where o.transaction_id = t.id) s`,
    where:
      accounts.length === 0
        ? sql`false`
        : sql`e.account in (${accountList(accounts)}) and e.created_at >= ${range.start.toISOString()}
            and e.created_at < ${range.end.toISOString()} and t.kind <> 'SETTLEMENT'`,
    key: sql`t.id`,
    at: sql`t.created_at`,
    kind: sql`t.kind`,
    refNo: sql`t.ref_no`,
    merchantId: sql`split_part(e.account, ':', 2)::int`,
    channel: sql`s.channel`,
    accountFen: sql`e.amount_fen`,
    clearingFen: sql`s.clearing_fen`,
    feeFen: sql`s.fee_fen`,
  };
}
