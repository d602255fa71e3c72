import { conflict } from '../../errors.ts';
import type { Tx } from '../../db/client.ts';
import type { Text } from '../../i18n/text.ts';
import { merchantAccount, type MerchantPurse } from './ledger.accounts.ts';
import { lockBalances } from './ledger.service.ts';

/**
 * The recipes' guards, in one place: what an amount may be, and whether a merchant's money covers a debit. A
 * broken amount is a programming error (the API's schemas refuse bad input before it gets here): it throws a
 * plain Error and so rolls the whole change back.
 */
export function requireFen(what: string, fen: number, opts: { zeroOk?: boolean } = {}): void {
  if (!Number.isSafeInteger(fen) || fen < 0 || (fen === 0 && !opts.zeroOk)) {
    throw new Error(`ledger: ${what} must be a ${opts.zeroOk ? 'non-negative' : 'positive'} whole fen, not ${fen}`);
  }
}

/** `part` (a fee, a fee given back) is a whole fen from 0 to `of`. */
export function requirePart(what: string, part: number, of: number): void {
  requireFen(what, part, { zeroOk: true });
  if (part > of) throw new Error(`ledger: ${what} ${part} is more than the amount ${of}`);
}

/**
 * A merchant's purses, locked for the rest of the transaction (in account order, so two callers never deadlock),
 * and their sum: no one else can change them before this transaction posts or ends.
 */
export async function lockedSum(tx: Tx, merchantId: number, purses: MerchantPurse[]): Promise<number> {
  const balances = await lockBalances(
    tx,
    purses.map((p) => merchantAccount(merchantId, p)),
  );
  return [...balances.values()].reduce((s, b) => s + b, 0);
}

/** Whether the merchant's purses together cover `fen` (locked: the answer holds until the transaction ends). */
export async function pursesCover(tx: Tx, merchantId: number, purses: MerchantPurse[], fen: number): Promise<boolean> {
  return (await lockedSum(tx, merchantId, purses)) >= fen;
}

/** Refuse (409, `short` with what there is) a debit of `fen` the merchant's purses do not cover together. */
export async function requireCover(
  tx: Tx,
  merchantId: number,
  purses: MerchantPurse[],
  fen: number,
  short: (coverFen: number) => Text,
): Promise<void> {
  const sum = await lockedSum(tx, merchantId, purses);
  if (sum < fen) throw conflict(short(sum));
}
