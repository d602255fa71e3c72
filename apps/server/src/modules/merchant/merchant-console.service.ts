import { eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { MerchantStatus } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { beforeIdOf, containsPattern } from '../../keyset.ts';
import { MERCHANT } from './merchant.messages.ts';
import { detailOf, merchantListPage } from './merchant-query.service.ts';
import { changeLockedMerchant, type MerchantAction } from './merchant-status.service.ts';
import { merchants } from './merchant.tables.ts';

// The operator console's view of merchants (issue 28): every organisation's, with the same detail and the same
// status changes as the portal's.

export interface MerchantSearch {
  q?: string | undefined;
  status?: MerchantStatus[] | undefined;
  companyId?: number | undefined;
  /** Organisations whose name matched the text (the caller looks them up): their merchants match too. */
  companyIds?: number[] | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** Every organisation's merchants, newest first: number, name or short name (contains), status, organisation. */
export async function searchMerchants(db: Tx, f: MerchantSearch) {
  const beforeId = beforeIdOf(f.cursor);
  const conditions: (SQL | undefined)[] = [
    beforeId === undefined ? undefined : lt(merchants.id, beforeId),
    f.status?.length ? inArray(merchants.status, f.status) : undefined,
    f.companyId ? eq(merchants.companyId, f.companyId) : undefined,
    f.q
      ? or(
          ilike(merchants.mchNo, containsPattern(f.q)),
          ilike(merchants.name, containsPattern(f.q)),
          ilike(merchants.shortName, containsPattern(f.q)),
          f.companyIds?.length ? inArray(merchants.companyId, f.companyIds) : undefined,
        )
      : undefined,
  ];
  return merchantListPage(db, conditions, f.limit, (m, item) => ({
    ...item,
    companyId: m.companyId,
    merchantId: m.id,
  }));
}

/** A merchant of any organisation: the portal's detail and its organisation's id. */
export async function merchantForOps(db: Tx, mchNo: string) {
  const [m] = await db.select().from(merchants).where(eq(merchants.mchNo, mchNo));
  if (!m) throw notFound(MERCHANT.notFound);
  return { ...(await detailOf(db, m)), companyId: m.companyId, merchantId: m.id };
}

/**
 * The console freezes, unfreezes or closes a merchant of any organisation: the portal's change (history with the
 * reason its members see, audit entry), in the caller's transaction. Answers the status before and after.
 */
export async function changeMerchantAsOperator(
  tx: Tx,
  actor: Actor,
  input: { mchNo: string; reason: string },
  action: MerchantAction,
): Promise<{ from: MerchantStatus; to: MerchantStatus }> {
  const [row] = await tx
    .select({ id: merchants.id, companyId: merchants.companyId, status: merchants.status, name: merchants.name })
    .from(merchants)
    .where(eq(merchants.mchNo, input.mchNo))
    .for('update');
  if (!row) throw notFound(MERCHANT.notFound);
  const from = row.status as MerchantStatus;
  const to = await changeLockedMerchant(tx, actor, { ...row, status: from }, input, action);
  return { from, to };
}

/** Merchants by status (the console's overview). */
export async function merchantsByStatus(db: Tx): Promise<Record<MerchantStatus, number>> {
  const rows = await db
    .select({ status: merchants.status, n: sql<number>`count(*)::int` })
    .from(merchants)
    .groupBy(merchants.status);
  const counts: Record<MerchantStatus, number> = { ACTIVE: 0, FROZEN: 0, CLOSED: 0 };
  for (const r of rows) counts[r.status as MerchantStatus] = r.n;
  return counts;
}

/** How many merchants each organisation has (the console's organisation list). */
export async function merchantCountsByCompany(db: Tx, companyIds: readonly number[]) {
  if (companyIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ companyId: merchants.companyId, n: sql<number>`count(*)::int` })
    .from(merchants)
    .where(inArray(merchants.companyId, [...companyIds]))
    .groupBy(merchants.companyId);
  return new Map(rows.map((r) => [r.companyId, r.n]));
}
