import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  MovementPage,
  settlementFilter,
  SettlementItem,
  SettlementPage,
  SettlementStatus,
  SettlementSummary,
} from '@mchweb/contract';
import { BIG_ID_MAX } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import { addDays, dayOf, dayStart } from '../../business-day.ts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../errors.ts';
import { beforeIdOf } from '../../keyset.ts';
import { inScope, type MerchantScope } from '../../merchant-scope.ts';
import { pageOf } from '../../keyset.ts';
import { movementLines } from '../ledger/index.ts';
import { merchantIdsSubquery, merchantNamesOf } from '../merchant/index.ts';
import { movementRows } from './movement-rows.ts';
import { SETTLEMENT } from './settlement.messages.ts';
import { settlements } from './settlement.tables.ts';

type Row = typeof settlements.$inferSelect;
/**
 * The list's filter as sent, plus the member's merchant scope, which the server adds (never the body: the
 * contract's filter is strict) so that every query of the filter, the export's too, stays within it.
 */
export type SettlementFilterInput = z.output<typeof settlementFilter> & { scope?: MerchantScope };
const DEFAULT_DAYS = 30;

/** The filter's WHERE: the organisation (the member's merchants), settlement days (default the last 30), merchants, statuses. */
export function settlementConditions(companyId: number, f: SettlementFilterInput, tz: string): SQL {
  const today = dayOf(new Date(), tz);
  const from = f.from ?? addDays(today, -DEFAULT_DAYS);
  const to = f.to ?? today;
  if (to < from) throw invalid(SETTLEMENT.badRange);
  const parts: (SQL | undefined)[] = [
    eq(settlements.companyId, companyId),
    inScope(settlements.merchantId, f.scope ?? null),
    gte(settlements.settleDate, from),
    lte(settlements.settleDate, to),
  ];
  if (f.mchNos?.length) parts.push(inArray(settlements.merchantId, merchantIdsSubquery(companyId, f.mchNos)));
  if (f.statuses?.length) parts.push(inArray(settlements.status, f.statuses));
  return and(...parts)!;
}

export function settlementItem(s: Row, m: { mchNo: string; name: string } | undefined): SettlementItem {
  return {
    settleNo: s.settleNo,
    mchNo: m?.mchNo ?? '',
    mchName: m?.name ?? '',
    settleDate: s.settleDate,
    status: s.status as SettlementStatus,
    tradeCount: s.tradeCount,
    tradeFen: s.tradeFen,
    refundCount: s.refundCount,
    refundFen: s.refundFen,
    feeFen: s.feeFen,
    splitFen: s.splitFen,
    netFen: s.netFen,
    failReason: s.failReason,
    attempts: s.attempts,
    createdAt: s.createdAt.toISOString(),
    settledAt: s.settledAt?.toISOString() ?? null,
  };
}

/** Settlements of the filter in pages of `limit`, newest first (keyset by id). */
export async function settlementRows(db: Tx, where: SQL, page: { cursor?: string | undefined; limit: number }) {
  const beforeId = beforeIdOf(page.cursor);
  const rows = await db
    .select()
    .from(settlements)
    .where(beforeId === undefined ? where : and(where, lt(settlements.id, beforeId)))
    .orderBy(desc(settlements.id))
    .limit(page.limit + 1);
  const names = await merchantNamesOf(
    db,
    rows.map((r) => r.merchantId),
  );
  return { rows, names };
}

/** `POST /settlement/list`. */
export async function listSettlements(
  db: Tx,
  actor: Actor,
  body: SettlementFilterInput & { cursor?: string | undefined; limit: number },
  tz: string,
): Promise<SettlementPage> {
  const { cursor, limit, ...filter } = body;
  const { companyId, merchantIds } = requireMember(actor);
  const where = settlementConditions(companyId, { ...filter, scope: merchantIds }, tz);
  const { rows, names } = await settlementRows(db, where, { cursor, limit });
  return pageOf(rows, limit, (s) => settlementItem(s, names.get(s.merchantId)));
}

/** `POST /settlement/summary`: totals of the filter (every status: a FAILED one's figures are still owed). */
export async function settlementSummary(
  db: Tx,
  actor: Actor,
  filter: SettlementFilterInput,
  tz: string,
): Promise<SettlementSummary> {
  const { companyId, merchantIds } = requireMember(actor);
  const where = settlementConditions(companyId, { ...filter, scope: merchantIds }, tz);
  const sum = (column: SQL | AnyPgColumn) => sql<string>`coalesce(sum(${column}), 0)::text`;
  const [r] = await db
    .select({
      count: sql<string>`count(*)::text`,
      tradeCount: sum(settlements.tradeCount),
      tradeFen: sum(settlements.tradeFen),
      refundCount: sum(settlements.refundCount),
      refundFen: sum(settlements.refundFen),
      feeFen: sum(settlements.feeFen),
      splitFen: sum(settlements.splitFen),
      netFen: sum(settlements.netFen),
    })
    .from(settlements)
    .where(where);
  return Object.fromEntries(Object.entries(r!).map(([k, v]) => [k, Number(v)])) as unknown as SettlementSummary;
}

async function findSettlement(db: Tx, actor: Actor, settleNo: string): Promise<Row> {
  const { companyId, merchantIds } = requireMember(actor);
  const [s] = await db
    .select()
    .from(settlements)
    .where(
      and(
        eq(settlements.settleNo, settleNo),
        eq(settlements.companyId, companyId),
        inScope(settlements.merchantId, merchantIds),
      ),
    );
  if (!s) throw notFound(SETTLEMENT.notFound);
  return s;
}

/** `GET /settlement/detail`. */
export async function settlementDetail(db: Tx, actor: Actor, settleNo: string): Promise<SettlementItem> {
  const s = await findSettlement(db, actor, settleNo);
  return settlementItem(s, (await merchantNamesOf(db, [s.merchantId])).get(s.merchantId));
}

/** `POST /settlement/movements`: the payments and refunds the settlement covers, in posting order. */
export async function settlementMovements(
  db: Tx,
  actor: Actor,
  body: { settleNo: string; cursor?: string | undefined; limit: number },
  tz: string,
): Promise<MovementPage> {
  const s = await findSettlement(db, actor, body.settleNo);
  const after = beforeIdOf(body.cursor, BIG_ID_MAX);
  const lines = await movementLines(
    db,
    [s.merchantId],
    { start: dayStart(s.settleDate, tz), end: dayStart(addDays(s.settleDate, 1), tz) },
    { afterTxId: after, limit: body.limit + 1 },
  );
  const hasMore = lines.length > body.limit;
  const kept = lines.slice(0, body.limit);
  return {
    rows: await movementRows(db, kept),
    nextCursor: hasMore ? String(kept.at(-1)!.txId) : null,
    hasMore,
  };
}
