import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { SettlementStatus } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import { addDays } from '../../business-day.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import { pageOf } from '../../keyset.ts';
import { settleMerchantDay, type SettleOutcome, type SettleSettings } from './settle.service.ts';
import { SETTLEMENT } from './settlement.messages.ts';
import { settlementItem, settlementRows } from './settlement-query.service.ts';
import { settlementRuns, settlements } from './settlement.tables.ts';

// The operator console's view of settlement (issue 28): every organisation's, per business day.

/**
 * Each business day from `from` to `to` (newest first): its run and its settlements by outcome, counted per
 * merchant-day from the records (a merchant job's outcome is its record; `retried`: settled on a later try).
 */
export async function settlementDays(db: Tx, from: string, to: string) {
  const runs = await db
    .select()
    .from(settlementRuns)
    .where(and(gte(settlementRuns.settleDate, from), lte(settlementRuns.settleDate, to)));
  const counts = await db
    .select({
      day: settlements.settleDate,
      settled: sql<number>`count(*) filter (where ${settlements.status} = 'SETTLED')::int`,
      failed: sql<number>`count(*) filter (where ${settlements.status} = 'FAILED')::int`,
      pending: sql<number>`count(*) filter (where ${settlements.status} = 'PENDING')::int`,
      retried: sql<number>`count(*) filter (where ${settlements.attempts} > 1)::int`,
    })
    .from(settlements)
    .where(and(gte(settlements.settleDate, from), lte(settlements.settleDate, to)))
    .groupBy(settlements.settleDate);
  const byDay = new Map(counts.map((c) => [c.day, c]));
  const runOf = new Map(runs.map((r) => [r.settleDate, r]));
  const days: string[] = [];
  for (let d = to; d >= from && days.length < 366; d = addDays(d, -1)) days.push(d);
  return days
    .filter((d) => byDay.has(d) || runOf.has(d))
    .map((day) => {
      const c = byDay.get(day);
      const run = runOf.get(day);
      const settled = c?.settled ?? 0;
      const failed = c?.failed ?? 0;
      // A run's merchant-days still on the queue (enqueued, no outcome yet) are pending too.
      const queued = run && !run.finishedAt ? Math.max(0, run.merchants - settled - failed) : 0;
      return {
        day,
        finishedAt: run?.finishedAt?.toISOString() ?? null,
        settled,
        failed,
        retried: c?.retried ?? 0,
        pending: (c?.pending ?? 0) + queued,
      };
    });
}

/** Every organisation's settlements, newest first (day, status), with each one's organisation id. */
export async function settlementsForOps(
  db: Tx,
  f: { day?: string | undefined; status?: SettlementStatus[] | undefined; cursor?: string | undefined; limit: number },
) {
  const where = and(
    f.day ? eq(settlements.settleDate, f.day) : undefined,
    f.status?.length ? inArray(settlements.status, f.status) : undefined,
  );
  const { rows, names } = await settlementRows(db, where ?? sql`true`, f);
  return pageOf(rows, f.limit, (s) => ({
    ...settlementItem(s, names.get(s.merchantId)),
    companyId: s.companyId,
  }));
}

/** A settlement by number (any organisation's). */
export async function findSettlement(db: Tx, settleNo: string) {
  const [row] = await db.select().from(settlements).where(eq(settlements.settleNo, settleNo));
  if (!row) throw notFound(SETTLEMENT.notFound);
  return row;
}

/**
 * Run a FAILED settlement again (the console's four-eyes re-run): the job's own settleMerchantDay, in the caller's
 * transaction. Answers the outcome: SETTLED, or FAILED again with the new reason on the record.
 */
export async function rerunFailedSettlement(
  db: Db,
  actor: Actor,
  settleNo: string,
  settings: SettleSettings,
): Promise<{ outcome: SettleOutcome; failReason: string | null }> {
  const row = await findSettlement(db, settleNo);
  if (row.status !== 'FAILED') throw conflict(SETTLEMENT.notFailed);
  const outcome = await settleMerchantDay(db, actor, row.merchantId, row.settleDate, settings);
  const after = await findSettlement(db, settleNo);
  return { outcome, failReason: after.failReason };
}
