import { and, asc, eq, sql } from 'drizzle-orm';
import {
  rateToTenths,
  type BusinessCategory,
  type ChannelRate,
  type MerchantStatus,
  type MerchantSummary,
  type MerchantType,
  type SettlementAccountType,
} from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { covers, inScope, type MerchantScope } from '../../merchant-scope.ts';
import { merchantChannelRates, merchants, merchantStatusChanges } from './merchant.tables.ts';

/** The organisation's merchants (those of the member's scope) as the login answer's mchInfo lists them. */
export async function listMerchantSummaries(
  db: Tx,
  companyId: number | null,
  scope: MerchantScope = null,
): Promise<MerchantSummary[]> {
  if (companyId === null) return [];
  const rows = await db
    .select()
    .from(merchants)
    .where(and(eq(merchants.companyId, companyId), inScope(merchants.id, scope)))
    .orderBy(asc(merchants.id));
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

/** What a new merchant is made of: the approved application's subject, legal person, account and rates. */
export interface NewMerchant {
  companyId: number;
  /** The approved application; null for merchants created otherwise (demo data). */
  applyNo: string | null;
  name: string;
  shortName: string;
  type: MerchantType;
  category: BusinessCategory;
  creditCode: string | null;
  legalPersonName: string;
  address: string;
  servicePhone: string;
  settlement: {
    accountType: SettlementAccountType;
    bankName: string;
    branchName: string;
    accountName: string;
    accountNumber: string;
  };
  rates: ChannelRate[];
  /** Demo data only: a creation time in the past, and a number of its own (M100000001...) or the next one. */
  demo?: { mchNo?: string; createdAt: Date };
}

/** `M` and the next value of the merchant number sequence: unique however many servers approve at once. */
async function nextMchNo(tx: Tx): Promise<string> {
  // Both drivers (node-postgres, PGlite) answer `execute` with `{rows}`.
  const result = (await tx.execute(sql`select nextval('merchant_no_seq')::text as n`)) as { rows: { n: string }[] };
  return `M${result.rows[0]!.n}`;
}

/** Who made a status change, as the history keeps it: a person, or the part of the platform. */
const changedBy = (actor: Actor) => ({ userId: actor.userId, system: actor.system ?? null });

/**
 * Create an ACTIVE merchant with its rates and the first entry of its status history. Run it in the transaction
 * that approves its application, so the three land together or not at all.
 */
export async function createMerchant(tx: Tx, actor: Actor, input: NewMerchant): Promise<{ mchNo: string }> {
  const mchNo = input.demo?.mchNo ?? (await nextMchNo(tx));
  const [row] = await tx
    .insert(merchants)
    .values({
      companyId: input.companyId,
      mchNo,
      name: input.name,
      shortName: input.shortName,
      type: input.type,
      category: input.category,
      status: 'ACTIVE',
      applyNo: input.applyNo,
      creditCode: input.creditCode,
      legalPersonName: input.legalPersonName,
      address: input.address,
      servicePhone: input.servicePhone,
      ...input.settlement,
      ...(input.demo && { createdAt: input.demo.createdAt }),
    })
    .returning({ id: merchants.id });
  const merchantId = row!.id;
  if (input.rates.length > 0) {
    await tx
      .insert(merchantChannelRates)
      .values(input.rates.map((r) => ({ merchantId, channel: r.channel, rateTenths: rateToTenths(r.rate) })));
  }
  await tx.insert(merchantStatusChanges).values({
    merchantId,
    fromStatus: null,
    toStatus: 'ACTIVE',
    ...changedBy(actor),
    ...(input.demo && { at: input.demo.createdAt }),
  });
  return { mchNo };
}

/** The merchant row locked for a change, or null when the organisation (or the member's scope) has no such merchant. */
export async function lockMerchant(tx: Tx, companyId: number, mchNo: string, scope: MerchantScope = null) {
  const [row] = await tx
    .select({ id: merchants.id, companyId: merchants.companyId, status: merchants.status, name: merchants.name })
    .from(merchants)
    .where(eq(merchants.mchNo, mchNo))
    .for('update');
  return row && row.companyId === companyId && covers(scope, row.id)
    ? { ...row, status: row.status as MerchantStatus }
    : null;
}

/** Move a merchant (locked by `lockMerchant`) to `to` and keep the change in its history. */
export async function setMerchantStatus(
  tx: Tx,
  actor: Actor,
  merchant: { id: number; status: MerchantStatus },
  to: MerchantStatus,
  reason: string | null,
  at?: Date,
) {
  await tx.update(merchants).set({ status: to }).where(eq(merchants.id, merchant.id));
  await tx.insert(merchantStatusChanges).values({
    merchantId: merchant.id,
    fromStatus: merchant.status,
    toStatus: to,
    reason,
    ...changedBy(actor),
    ...(at && { at }),
  });
}
