import { and, eq, lt, sql } from 'drizzle-orm';
import { divideHalfUp } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import { addDays, dayStart } from '../../business-day.ts';
import type { Db, Tx } from '../../db/client.ts';
import { invalid, isUniqueViolation } from '../../errors.ts';
import type { Text } from '../../i18n/text.ts';
import {
  pursesCover,
  merchantsWithPurse,
  movementsOf,
  settlementPosted,
  type Movement,
  type SplitShare,
} from '../ledger/index.ts';
import { merchantForPayment, type MerchantForPayment } from '../merchant/index.ts';
import { splitOfDay } from '../split/index.ts';
import { recordEvent, settlementData } from '../webhook/index.ts';
import { SETTLEMENT } from './settlement.messages.ts';
import { settlementRuns, settlements } from './settlement.tables.ts';

export interface SettleSettings {
  tz: string;
}

/** A merchant-day's figures from the movements of its pending money that day. */
export interface DayFigures {
  tradeCount: number;
  tradeFen: number;
  refundCount: number;
  refundFen: number;
  feeFen: number;
  splitFen: number;
  netFen: number;
}

/** Add movements (payments, refunds asked for, failed refunds' returns) into a day's figures. */
export function figuresOf(moves: Movement[]): DayFigures {
  const f: DayFigures = { tradeCount: 0, tradeFen: 0, refundCount: 0, refundFen: 0, feeFen: 0, splitFen: 0, netFen: 0 };
  for (const m of moves) {
    f.netFen += m.accountFen;
    f.feeFen += m.feeFen;
    if (m.kind === 'PAYMENT') {
      f.tradeCount += m.count;
      f.tradeFen -= m.clearingFen;
    } else if (m.kind === 'REFUND' || m.kind === 'REFUND_REVERSAL') {
      f.refundCount += m.kind === 'REFUND' ? m.count : -m.count;
      f.refundFen += m.clearingFen;
    }
  }
  return f;
}

/**
 * A merchant-day's figures from the ledger; its net is what moved on pending that day and must equal trade -
 * refunds - fees - splits (else the books are wrong and nothing is settled).
 */
export async function dayFigures(db: Tx, merchantId: number, start: Date, end: Date): Promise<DayFigures | null> {
  const moves = await movementsOf(db, [merchantId], start, end);
  if (moves.length === 0) return null;
  const f = figuresOf(moves);
  if (f.netFen !== f.tradeFen - f.refundFen - f.feeFen - f.splitFen) {
    throw new Error(
      `settlement: merchant ${merchantId} ${start.toISOString()}: the ledger's net ${f.netFen} disagrees`,
    );
  }
  return f;
}

/**
 * The day's shares of an approved split: each receiver's ratio of what the day leaves the merchant (trade less
 * refunds and fees), half-up to the fen, only when that is above zero. A receiver that is a merchant of the
 * organisation gets it in its available balance; an outside party's share is owed to it by the platform (paid out
 * by the platform's own payouts).
 */
async function splitShares(tx: Tx, merchantId: number, day: string, baseFen: number): Promise<SplitShare[]> {
  const split = baseFen > 0 ? await splitOfDay(tx, merchantId, day) : null;
  if (!split) return [];
  return split.receivers.map((r, i) => ({
    ...(r.merchantId ? { merchantId: r.merchantId } : { applyNo: split.applyNo, receiver: i }),
    fen: divideHalfUp(baseFen * r.ratio, 100),
  }));
}

const settleNoOf = (day: string, mchNo: string) => `S${day.replace(/-/g, '')}${mchNo}`;

/** Why a merchant cannot be settled now, or null. */
async function refusal(tx: Tx, m: MerchantForPayment, netFen: number): Promise<Text | null> {
  if (m.status !== 'ACTIVE') return SETTLEMENT.merchantFrozen;
  if (!m.hasSettlementAccount) return SETTLEMENT.noAccount;
  if (netFen < 0 && !(await pursesCover(tx, m.id, ['available'], -netFen))) return SETTLEMENT.refundsExceedBalance;
  return null;
}

export type SettleOutcome = 'SETTLED' | 'FAILED' | 'SKIPPED';

/**
 * Settle one merchant-day in one transaction: the record (unique per merchant-day) and the SETTLEMENT ledger
 * transaction moving the net from pending to available. (No audit entry: the platform's own daily work, and the
 * record itself says who, what and when; the operator's `settle:run` is in the operator's shell history.) A record another process holds is
 * skipped (SKIP LOCKED); a SETTLED one stays as it is; a FAILED one is tried again. A day with no movement gets
 * no record.
 */
export async function settleMerchantDay(
  db: Db,
  actor: Actor,
  merchantId: number,
  day: string,
  settings: SettleSettings,
  opts: { try?: number } = {},
): Promise<SettleOutcome> {
  const start = dayStart(day, settings.tz);
  const end = dayStart(addDays(day, 1), settings.tz);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(settlements)
        .where(and(eq(settlements.merchantId, merchantId), eq(settlements.settleDate, day)))
        .for('update', { skipLocked: true });
      if (existing && existing.status === 'SETTLED') return 'SKIPPED';
      const figures = await dayFigures(tx, merchantId, start, end);
      if (!figures) return 'SKIPPED';
      const m = (await merchantForPayment(tx, merchantId))!;
      const shares = await splitShares(tx, merchantId, day, figures.netFen);
      const base = figures.netFen;
      figures.splitFen = shares.reduce((sum, x) => sum + x.fen, 0);
      figures.netFen = base - figures.splitFen;
      const why = await refusal(tx, m, figures.netFen);
      const settleNo = settleNoOf(day, m.mchNo);
      const now = new Date();
      const values = {
        ...figures,
        status: why ? 'FAILED' : 'SETTLED',
        failReason: why ? `${why['zh-CN']} / ${why['en-US']}` : null,
        settledAt: why ? null : now,
      };
      if (existing) {
        // A FAILED record (SETTLED returned above; a record being written elsewhere is locked and skipped).
        await tx
          .update(settlements)
          .set({ ...values, attempts: existing.attempts + 1 })
          .where(eq(settlements.id, existing.id));
      } else {
        // A merchant job's pg-boss retry (the earlier tries rolled back) is a settlement that took more than one.
        await tx.insert(settlements).values({
          ...values,
          settleNo,
          companyId: m.companyId,
          merchantId,
          settleDate: day,
          attempts: opts.try ?? 1,
        });
      }
      if (!why && base !== 0) {
        // Pending gives up the day's movements; the merchant gets them less the shares, each receiver its share.
        await settlementPosted(tx, { settleNo, companyId: m.companyId, merchantId, dayFen: base, shares, at: now });
      }
      if (!why) {
        await recordEvent(tx, {
          companyId: m.companyId,
          merchantId,
          type: 'settlement.settled',
          data: settlementData({ ...values, settleNo, settleDate: day, settledAt: now }),
          occurredAt: now,
        });
      }
      return why ? 'FAILED' : 'SETTLED';
    });
  } catch (err) {
    // Another process inserted the same merchant-day first: it is theirs.
    if (isUniqueViolation(err)) return 'SKIPPED';
    throw err;
  }
}

/**
 * A merchant job gave up (every try threw: the books disagree, the database failed): the merchant-day is recorded
 * FAILED with the error, for the console's list and re-run. Its figures are the ledger's when they can be read
 * (zero else); a SETTLED record is left as it is.
 */
export async function settlementGivenUp(
  db: Db,
  merchantId: number,
  day: string,
  settings: SettleSettings,
  why: string,
) {
  // Read outside any transaction: a query that failed would leave one unusable for the insert.
  const m = (await merchantForPayment(db, merchantId))!;
  const range = [dayStart(day, settings.tz), dayStart(addDays(day, 1), settings.tz)] as const;
  const figures = (await dayFigures(db, merchantId, ...range).catch(() => null)) ?? figuresOf([]);
  const failReason = `${SETTLEMENT.gaveUp['zh-CN']}: ${why} / ${SETTLEMENT.gaveUp['en-US']}: ${why}`;
  await db
    .insert(settlements)
    .values({
      ...figures,
      status: 'FAILED',
      failReason,
      settleNo: settleNoOf(day, m.mchNo),
      companyId: m.companyId,
      merchantId,
      settleDate: day,
    })
    .onConflictDoUpdate({
      target: [settlements.merchantId, settlements.settleDate],
      set: { status: 'FAILED', failReason, attempts: sql`${settlements.attempts} + 1` },
      setWhere: sql`${settlements.status} <> 'SETTLED'`,
    });
}

/** FAILED settlements of days before `day` (of one merchant, or every one): each run tries them again. */
export async function failedBefore(db: Tx, day: string, merchantId?: number) {
  return db
    .select({ merchantId: settlements.merchantId, day: settlements.settleDate })
    .from(settlements)
    .where(
      and(
        eq(settlements.status, 'FAILED'),
        lt(settlements.settleDate, day),
        merchantId ? eq(settlements.merchantId, merchantId) : undefined,
      ),
    )
    .orderBy(settlements.settleDate, settlements.merchantId);
}

export interface RunResult {
  day: string;
  settled: number;
  failed: number;
  skipped: number;
  retried: number;
}

/**
 * Settle a finished business day in this process for every merchant with pending money (or one merchant), then
 * try again every FAILED settlement of the days before: `ops settle:run`. The daily job does the same merchant-day
 * by merchant-day on the job queue (settlement-job.ts). Safe to run twice, or in two processes at once.
 */
export async function runSettlement(
  db: Db,
  actor: Actor,
  day: string,
  settings: SettleSettings,
  opts: { merchantId?: number; now?: Date } = {},
): Promise<RunResult> {
  if (dayStart(addDays(day, 1), settings.tz) > (opts.now ?? new Date())) throw invalid(SETTLEMENT.dayNotOver);
  const result: RunResult = { day, settled: 0, failed: 0, skipped: 0, retried: 0 };
  const count = (o: SettleOutcome) => {
    if (o === 'SETTLED') result.settled++;
    else if (o === 'FAILED') result.failed++;
    else result.skipped++;
  };
  const ids = opts.merchantId ? [opts.merchantId] : await merchantsWithPurse(db, 'pending');
  for (const id of ids.sort((a, b) => a - b)) count(await settleMerchantDay(db, actor, id, day, settings));
  for (const f of await failedBefore(db, day, opts.merchantId)) {
    result.retried++;
    count(await settleMerchantDay(db, actor, f.merchantId, f.day, settings));
  }
  return result;
}

/**
 * Record a day settled in one go, outside the queue (the demo data's past days, settled as the job would have):
 * the console's settlement runs then show the day as done, not as never run.
 */
export async function recordFinishedRun(db: Db, r: RunResult, at = new Date()): Promise<void> {
  await db
    .insert(settlementRuns)
    .values({
      settleDate: r.day,
      merchants: r.settled + r.failed,
      settled: r.settled,
      failed: r.failed,
      startedAt: at,
      finishedAt: at,
    })
    .onConflictDoNothing();
}
