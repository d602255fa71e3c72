import type { BillSummary, MovementPage } from '@mchweb/contract';
import { BIG_ID_MAX, CHANNELS } from '@mchweb/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { requireMember, type Actor } from '../../actor.ts';
import { addDays, dayStart } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { beforeIdOf } from '../../keyset.ts';
import { movementLines, movementsOf } from '../ledger/index.ts';
import { listMerchantSummaries, merchantIdsOf } from '../merchant/index.ts';
import { SETTLEMENT } from './settlement.messages.ts';
import { movementRows } from './movement-rows.ts';
import { figuresOf, type DayFigures } from './settle.service.ts';
import { settlements } from './settlement.tables.ts';

/**
 * The merchants a bill covers: one of the organisation's, or all of them. For a member limited to some merchants,
 * "all" is all of its own, and a merchant outside them is not found (as another organisation's).
 */
export async function billMerchants(db: Tx, actor: Actor, mchNo: string | undefined): Promise<number[]> {
  const { companyId, merchantIds } = requireMember(actor);
  if (mchNo) {
    const ids = await merchantIdsOf(db, companyId, [mchNo], merchantIds);
    if (ids.length === 0) throw notFound(SETTLEMENT.merchantNotFound);
    return ids;
  }
  return (await listMerchantSummaries(db, companyId, merchantIds)).map((m) => m.mchId);
}

const dayRange = (date: string, tz: string) => ({ start: dayStart(date, tz), end: dayStart(addDays(date, 1), tz) });

/** The settlements made of these merchants' day (one per merchant-day at most). */
const settlementsOfDay = async (db: Tx, ids: number[], date: string) =>
  ids.length
    ? db
        .select()
        .from(settlements)
        .where(and(eq(settlements.settleDate, date), inArray(settlements.merchantId, ids)))
    : [];

/**
 * `POST /bill/summary`: a merchant-day (or the organisation's day) from the same ledger movements its settlement
 * is made of, so the bill, the day's orders and the settlement agree to the fen: totals, a line per channel, and
 * the day's settlements once made.
 */
export async function billSummary(
  db: Tx,
  actor: Actor,
  input: { mchNo?: string | undefined; date: string },
  tz: string,
): Promise<BillSummary> {
  const { companyId } = requireMember(actor);
  const ids = await billMerchants(db, actor, input.mchNo);
  const { start, end } = dayRange(input.date, tz);
  const moves = await movementsOf(db, ids, start, end);
  const byChannel = CHANNELS.map((channel) => ({
    channel,
    ...figuresOf(moves.filter((m) => m.channel === channel)),
  })).filter((line) => moves.some((m) => m.channel === line.channel));
  const settled = await settlementsOfDay(db, ids, input.date);
  const numbers = new Map((await listMerchantSummaries(db, companyId)).map((m) => [m.mchId, m.mchNo]));
  // The shares of profit sharing are taken at settlement: the bill shows those of the day's settlements.
  const total = figuresOf(moves);
  total.splitFen = settled.reduce((sum, x) => sum + x.splitFen, 0);
  total.netFen -= total.splitFen;
  return {
    mchNo: input.mchNo ?? null,
    date: input.date,
    hasTrade: moves.length > 0,
    total,
    byChannel: byChannel as BillSummary['byChannel'],
    settlements: settled.map((s) => ({
      settleNo: s.settleNo,
      mchNo: numbers.get(s.merchantId) ?? '',
      status: s.status as BillSummary['settlements'][number]['status'],
      netFen: s.netFen,
    })),
  };
}

/**
 * A bill's totals (the export's summary block), the same as `billSummary`'s: a merchant settled for the day gives
 * its settlement's figures, which are that day's ledger movements summed when the day was over (settling waits for
 * it, and reconcile checks they agree), so only merchants not yet settled are summed from the ledger. A settled
 * day of a hundred thousand trades is then a few rows read, not a second pass over its movements while they stream.
 */
export async function billTotals(db: Tx, ids: number[], date: string, tz: string): Promise<DayFigures> {
  const made = await settlementsOfDay(db, ids, date);
  const done = new Set(made.map((s) => s.merchantId));
  const { start, end } = dayRange(date, tz);
  const rest = ids.filter((id) => !done.has(id));
  const total = figuresOf(await movementsOf(db, rest, start, end));
  for (const s of made) {
    total.tradeCount += s.tradeCount;
    total.tradeFen += s.tradeFen;
    total.refundCount += s.refundCount;
    total.refundFen += s.refundFen;
    total.feeFen += s.feeFen;
    total.splitFen += s.splitFen;
    total.netFen += s.netFen;
  }
  return total;
}

/** `POST /bill/rows`: every payment and refund of the day in the order the ledger posted them (keyset by transaction). */
export async function billRows(
  db: Tx,
  actor: Actor,
  input: { mchNo?: string | undefined; date: string; cursor?: string | undefined; limit: number },
  tz: string,
): Promise<MovementPage> {
  const ids = await billMerchants(db, actor, input.mchNo);
  const lines = await movementLines(db, ids, dayRange(input.date, tz), {
    afterTxId: beforeIdOf(input.cursor, BIG_ID_MAX),
    limit: input.limit + 1,
  });
  const hasMore = lines.length > input.limit;
  const kept = lines.slice(0, input.limit);
  return { rows: await movementRows(db, kept), nextCursor: hasMore ? String(kept.at(-1)!.txId) : null, hasMore };
}
