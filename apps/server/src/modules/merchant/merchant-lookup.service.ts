import { and, eq, inArray, sql, type SQL, type SQLChunk } from 'drizzle-orm';
import type { Channel, MerchantStatus } from '@mchweb/contract';
import type { Tx } from '../../db/client.ts';
import { invalid } from '../../errors.ts';
import { covers, inScope, type MerchantScope } from '../../merchant-scope.ts';
import { MERCHANT } from './merchant.messages.ts';
import { merchantChannelRates, merchants } from './merchant.tables.ts';

/** What payments need of a merchant: who it is, whether it may take money, and its rate per channel. */
export interface MerchantForPayment {
  id: number;
  companyId: number;
  mchNo: string;
  name: string;
  shortName: string;
  status: MerchantStatus;
  /** Whether it has a settlement account to be paid to (settlement fails without one). */
  hasSettlementAccount: boolean;
  /** Tenths of a per-mille per channel it takes (3.8 ‰ = 38); a channel absent is not open to it. */
  rateTenths: Partial<Record<Channel, number>>;
}

export async function merchantForPayment(db: Tx, merchantId: number): Promise<MerchantForPayment | null> {
  const [m] = await db.select().from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  if (!m) return null;
  const rates = await db.select().from(merchantChannelRates).where(eq(merchantChannelRates.merchantId, m.id));
  return {
    id: m.id,
    companyId: m.companyId,
    mchNo: m.mchNo,
    name: m.name,
    shortName: m.shortName,
    status: m.status as MerchantStatus,
    hasSettlementAccount: /^\d{8,30}$/.test(m.accountNumber) && m.accountName !== '',
    rateTenths: Object.fromEntries(rates.map((r) => [r.channel, r.rateTenths])),
  };
}

/**
 * Ids of the organisation's merchants with these numbers (numbers of other organisations find nothing, nor do
 * numbers outside the member's merchant scope).
 */
export async function merchantIdsOf(
  db: Tx,
  companyId: number,
  mchNos: string[],
  scope: MerchantScope = null,
): Promise<number[]> {
  return [...(await merchantIdsByNumber(db, companyId, mchNos, scope)).values()];
}

/** The same, by number: a caller that names merchants by number tells which of them it may not name. */
export async function merchantIdsByNumber(
  db: Tx,
  companyId: number,
  mchNos: readonly string[],
  scope: MerchantScope = null,
): Promise<Map<string, number>> {
  if (mchNos.length === 0) return new Map();
  const rows = await db
    .select({ id: merchants.id, mchNo: merchants.mchNo })
    .from(merchants)
    .where(
      and(eq(merchants.companyId, companyId), inArray(merchants.mchNo, [...mchNos]), inScope(merchants.id, scope)),
    );
  return new Map(rows.map((r) => [r.mchNo, r.id]));
}

/** Those of the ids that are the organisation's merchants (a member's merchant scope is checked with it). */
export async function ownMerchantIds(db: Tx, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.companyId, companyId), inArray(merchants.id, [...ids])));
  return rows.map((r) => r.id);
}

/**
 * The merchants something of the organisation is to be limited to, checked (a member's scope, an API key's, a webhook
 * endpoint's): null (every merchant) or ids of the organisation's merchants, sorted. Nobody grants more than they
 * see: a caller limited to some merchants names only some of those (an id outside them is refused like another
 * organisation's), never every merchant (refused with `allRefused`, in the words of what is being limited).
 */
export async function checkedMerchantIds(
  tx: Tx,
  caller: { companyId: number; merchantIds: MerchantScope },
  ids: readonly number[] | null,
  allRefused: () => Error,
): Promise<number[] | null> {
  if (ids === null) {
    if (caller.merchantIds !== null) throw allRefused();
    return null;
  }
  const own = new Set(await ownMerchantIds(tx, caller.companyId, ids));
  const refused = ids.filter((id) => !own.has(id) || !covers(caller.merchantIds, id));
  if (refused.length > 0) throw invalid(MERCHANT.notOurs(refused));
  return [...ids].sort((a, b) => a - b);
}

/** Number and name of those of `ids` found in `names` (merchantNamesOf), for a list's merchants column. */
export const namedMerchants = (ids: readonly number[] | null, names: Map<number, { mchNo: string; name: string }>) =>
  (ids ?? []).flatMap((id) => {
    const m = names.get(id);
    return m ? [{ mchId: id, ...m }] : [];
  });

/** Number and name of merchants by id, for lists that show them. */
export async function merchantNamesOf(db: Tx, ids: number[]): Promise<Map<number, { mchNo: string; name: string }>> {
  const found = new Map<number, { mchNo: string; name: string }>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: merchants.id, mchNo: merchants.mchNo, name: merchants.name })
    .from(merchants)
    .where(inArray(merchants.id, [...new Set(ids)]));
  for (const r of rows) found.set(r.id, { mchNo: r.mchNo, name: r.name });
  return found;
}

/**
 * A merchant's number as a scalar subquery (null when there is none), for another module's statement: the webhook
 * outbox writes it into an event without a round trip of its own, and the merchants' SQL stays in this module.
 */
export const mchNoSubquery = (merchantId: number): SQL =>
  sql`(select ${merchants.mchNo} from ${merchants} where ${merchants.id} = ${merchantId})`;

/** What the payer is shown of a merchant: its short name, else its name (null when there is no such merchant). */
export async function merchantNameForPayer(db: Tx, merchantId: number): Promise<string | null> {
  const [m] = await db
    .select({ name: merchants.name, shortName: merchants.shortName })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  return m ? m.shortName || m.name : null;
}

/**
 * The same as merchantIdsOf, as a subquery for another module's WHERE (`merchant_id in (...)`): the filter costs
 * no extra round trip, and the merchants' SQL stays in this module.
 */
export const merchantIdsSubquery = (companyId: number, mchNos: string[], scope: MerchantScope = null): SQL =>
  merchantIdsByNoSql(sql.param(companyId), sql.param(mchNos), scope);

/**
 * merchantIdsSubquery with its values bound by the caller (the order list's prepared query passes placeholders).
 */
export const merchantIdsByNoSql = (companyId: SQLChunk, mchNos: SQLChunk, scope: MerchantScope = null): SQL =>
  sql`(select ${merchants.id} from ${merchants} where ${and(
    sql`${merchants.companyId} = ${companyId}`,
    sql`${merchants.mchNo} = any(${mchNos})`,
    inScope(merchants.id, scope),
  )})`;

/** A merchant's id by its number, any organisation (the operator's command line); null when none. */
export async function merchantIdByNo(db: Tx, mchNo: string): Promise<number | null> {
  const [m] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.mchNo, mchNo));
  return m?.id ?? null;
}

/** One channel an ACTIVE merchant takes, with its rate (what may be sold, e.g. by the sandbox's demo orders). */
export interface SellingChannel {
  merchantId: number;
  companyId: number;
  channel: Channel;
  rateTenths: number;
}

/** Every ACTIVE merchant's channels (of one organisation, or all), by merchant id then channel. */
export async function sellingChannels(db: Tx, companyId?: number): Promise<SellingChannel[]> {
  const rows = await db
    .select({
      merchantId: merchants.id,
      companyId: merchants.companyId,
      channel: merchantChannelRates.channel,
      rateTenths: merchantChannelRates.rateTenths,
    })
    .from(merchants)
    .innerJoin(merchantChannelRates, eq(merchantChannelRates.merchantId, merchants.id))
    .where(
      and(eq(merchants.status, 'ACTIVE'), companyId === undefined ? undefined : eq(merchants.companyId, companyId)),
    )
    .orderBy(merchants.id, merchantChannelRates.channel);
  return rows.map((r) => ({ ...r, channel: r.channel as Channel }));
}
