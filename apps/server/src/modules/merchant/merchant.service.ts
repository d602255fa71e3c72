import { asc, eq } from 'drizzle-orm';
import type { MerchantSummary } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { merchants } from './merchant.tables.ts';

/** The organisation's merchants as the login answer's mchInfo lists them. */
export async function listMerchantSummaries(db: Tx, companyId: number | null): Promise<MerchantSummary[]> {
  if (companyId === null) return [];
  const rows = await db.select().from(merchants).where(eq(merchants.companyId, companyId)).orderBy(asc(merchants.id));
  return rows.map((m) => ({
    mchId: m.id,
    mchNo: m.mchNo,
    name: m.name,
    shortName: m.shortName,
    type: m.type as MerchantSummary['type'],
    status: m.status as MerchantSummary['status'],
  }));
}

export async function countMerchants(db: Tx, companyId: number): Promise<number> {
  return (await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.companyId, companyId)).limit(1))
    .length;
}

/** Demo data: merchants as if their onboarding had been approved. */
export async function insertDemoMerchants(tx: Tx, rows: (typeof merchants.$inferInsert)[]) {
  await tx.insert(merchants).values(rows);
}
