import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { FEE_INCOME } from './ledger.accounts.ts';

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
 * What moved on `accounts` in [start, end), per kind of transaction and channel, settlements themselves left out:
 * the figures of a merchant-day's settlement and of a bill. One range of the entries' (account, created_at) index
 * per account, then the other entries of those transactions.
 */
export async function movementsOf(db: Tx, accounts: string[], start: Date, end: Date): Promise<Movement[]> {
  if (accounts.length === 0) return [];
  const result = (await db.execute(sql`
    with mine as (
      select e.transaction_id, e.amount_fen from ledger_entries e
      where e.account in (${accountList(accounts)})
        and e.created_at >= ${start.toISOString()} and e.created_at < ${end.toISOString()}
    ), sides as (
      select m.transaction_id, m.amount_fen, t.kind,
        (select split_part(o.account, ':', 2) from ledger_entries o
          where o.transaction_id = t.id and o.account like 'channel:%' limit 1) as channel,
        (select sum(o.amount_fen) from ledger_entries o
          where o.transaction_id = t.id and o.account like 'channel:%') as clearing,
        (select sum(o.amount_fen) from ledger_entries o
          where o.transaction_id = t.id and o.account = ${FEE_INCOME}) as fee
      from mine m join ledger_transactions t on t.id = m.transaction_id
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

/** The accounts of one purse of every merchant that has one (`mch:<id>:pending`), with the merchant's id. */
export async function merchantsWithPurse(db: Tx, purse: string): Promise<number[]> {
  const result = (await db.execute(
    sql`select account from ledger_balances where account like ${`mch:%:${purse}`}`,
  )) as unknown as { rows: { account: string }[] };
  return result.rows.map((r) => Number(r.account.split(':')[1]));
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
  const accounts = merchantIds.map((id) => `mch:${id}:pending`);
  const result = (await db.execute(sql`
    select t.id, t.kind, t.ref_no, e.account, e.amount_fen::text as account_fen, t.created_at,
      (select o.account from ledger_entries o where o.transaction_id = t.id and o.account like 'channel:%' limit 1)
        as clearing_account,
      coalesce((select sum(o.amount_fen) from ledger_entries o
        where o.transaction_id = t.id and o.account like 'channel:%'), 0)::text as clearing_fen,
      coalesce((select sum(o.amount_fen) from ledger_entries o
        where o.transaction_id = t.id and o.account = ${FEE_INCOME}), 0)::text as fee_fen
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
    where e.account in (${accountList(accounts)})
      and e.created_at >= ${range.start.toISOString()} and e.created_at < ${range.end.toISOString()}
      and t.kind <> 'SETTLEMENT' ${page.afterTxId === undefined ? sql`` : sql`and t.id > ${page.afterTxId}`}
    order by t.id limit ${page.limit}`)) as unknown as {
    rows: {
      id: number | string;
      kind: string;
      ref_no: string;
      account: string;
      account_fen: string;
      created_at: Date | string;
      clearing_account: string | null;
      clearing_fen: string;
      fee_fen: string;
    }[];
  };
  return result.rows.map((r) => ({
    txId: Number(r.id),
    kind: r.kind,
    refNo: r.ref_no,
    merchantId: Number(r.account.split(':')[1]),
    channel: r.clearing_account?.split(':')[1] ?? '',
    accountFen: Number(r.account_fen),
    clearingFen: Number(r.clearing_fen),
    feeFen: Number(r.fee_fen),
    at: new Date(r.created_at),
  }));
}
