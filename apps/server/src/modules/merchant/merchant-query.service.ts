import { and, asc, desc, eq, exists, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CHANNEL_MERCHANTS_SHOWN,
  CHANNELS,
  maskAccount,
  rateFromTenths,
  type Channel,
  type ChannelListItem,
  type MerchantDetail,
  type merchantListBody,
  type MerchantListItem,
  type MerchantPage,
} from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { beforeIdOf, containsPattern, pageOf } from '../../keyset.ts';
import { inScope } from '../../merchant-scope.ts';
import { personNames } from '../user/index.ts';
import { MERCHANT } from './merchant.messages.ts';
import { merchantChannelRates, merchants, merchantStatusChanges } from './merchant.tables.ts';

/**
 * The rate a new application starts with on each channel (‰), the platform's standard offer: WeChat Pay and
 * Alipay 3.8 ‰ (the "0.38 %" rate Chinese acquirers quote small merchants), UnionPay 5.5 ‰ (cards cost more).
 */
export const CHANNEL_DEFAULT_RATES: Record<Channel, number> = { WECHAT: 3.8, ALIPAY: 3.8, UNIONPAY: 5.5 };

export type MerchantRow = typeof merchants.$inferSelect;
type Row = MerchantRow;
const byChannelOrder = (a: { channel: string }, b: { channel: string }) =>
  CHANNELS.indexOf(a.channel as Channel) - CHANNELS.indexOf(b.channel as Channel);

/** Each merchant's rates, in the order of CHANNELS. */
export async function ratesOf(
  db: Tx,
  merchantIds: number[],
): Promise<Map<number, { channel: Channel; rate: number }[]>> {
  const found = new Map<number, { channel: Channel; rate: number }[]>();
  if (merchantIds.length === 0) return found;
  const rows = await db
    .select()
    .from(merchantChannelRates)
    .where(inArray(merchantChannelRates.merchantId, merchantIds));
  for (const r of rows.sort(byChannelOrder)) {
    const list = found.get(r.merchantId) ?? [];
    list.push({ channel: r.channel as Channel, rate: rateFromTenths(r.rateTenths) });
    found.set(r.merchantId, list);
  }
  return found;
}

export const listItem = (m: Row, channels: Channel[]): MerchantListItem => ({
  mchNo: m.mchNo,
  name: m.name,
  shortName: m.shortName,
  type: m.type as MerchantListItem['type'],
  category: m.category as MerchantListItem['category'],
  status: m.status as MerchantListItem['status'],
  channels,
  createdAt: m.createdAt.toISOString(),
  applyNo: m.applyNo,
});

/**
 * One page of merchants matching `conditions`, newest first, each as a list item with its channels; `shape` adds
 * what a caller shows beside it (the console: the organisation).
 */
export async function merchantListPage<T>(
  db: Tx,
  conditions: (SQL | undefined)[],
  limit: number,
  shape: (m: Row, item: MerchantListItem) => T,
) {
  const rows = await db
    .select()
    .from(merchants)
    .where(and(...conditions))
    .orderBy(desc(merchants.id))
    .limit(limit + 1);
  const rates = await ratesOf(
    db,
    rows.slice(0, limit).map((r) => r.id),
  );
  return pageOf(rows, limit, (m) =>
    shape(
      m,
      listItem(
        m,
        (rates.get(m.id) ?? []).map((r) => r.channel),
      ),
    ),
  );
}

/** `POST /merchant/list`: the organisation's merchants, newest first, filters combined with AND. */
export async function listMerchants(
  db: Tx,
  actor: Actor,
  filter: z.output<typeof merchantListBody>,
): Promise<MerchantPage> {
  const { companyId, merchantIds } = requireMember(actor);
  const beforeId = beforeIdOf(filter.cursor);
  const conditions: (SQL | undefined)[] = [
    eq(merchants.companyId, companyId),
    inScope(merchants.id, merchantIds),
    beforeId === undefined ? undefined : lt(merchants.id, beforeId),
    filter.status?.length ? inArray(merchants.status, filter.status) : undefined,
    filter.type?.length ? inArray(merchants.type, filter.type) : undefined,
    filter.mchNo ? eq(merchants.mchNo, filter.mchNo) : undefined,
    filter.name
      ? or(
          ilike(merchants.name, containsPattern(filter.name)),
          ilike(merchants.shortName, containsPattern(filter.name)),
        )
      : undefined,
    filter.channel
      ? exists(
          db
            .select({ one: sql`1` })
            .from(merchantChannelRates)
            .where(
              and(eq(merchantChannelRates.merchantId, merchants.id), eq(merchantChannelRates.channel, filter.channel)),
            ),
        )
      : undefined,
  ];
  return merchantListPage(db, conditions, filter.limit, (_m, item) => item);
}

/** `GET /merchant/detail`: rates, the settlement account masked, the status history oldest first. */
export async function merchantDetail(db: Tx, actor: Actor, mchNo: string): Promise<MerchantDetail> {
  const { companyId, merchantIds } = requireMember(actor);
  const [m] = await db
    .select()
    .from(merchants)
    .where(and(eq(merchants.mchNo, mchNo), eq(merchants.companyId, companyId), inScope(merchants.id, merchantIds)));
  if (!m) throw notFound(MERCHANT.notFound);
  return detailOf(db, m);
}

/** A merchant's detail (the portal's and the console's): rates, masked account, status history. */
export async function detailOf(db: Tx, m: Row): Promise<MerchantDetail> {
  const rates = (await ratesOf(db, [m.id])).get(m.id) ?? [];
  const history = await db
    .select()
    .from(merchantStatusChanges)
    .where(eq(merchantStatusChanges.merchantId, m.id))
    .orderBy(asc(merchantStatusChanges.id));
  const nameOf = await personNames(
    db,
    history.map((h) => h.userId),
  );
  return {
    ...listItem(m, []),
    creditCode: m.creditCode,
    legalPersonName: m.legalPersonName,
    address: m.address,
    servicePhone: m.servicePhone,
    channels: rates,
    settlement: {
      accountType: m.accountType as MerchantDetail['settlement']['accountType'],
      bankName: m.bankName,
      branchName: m.branchName,
      accountName: m.accountName,
      accountNumberMasked: maskAccount(m.accountNumber),
    },
    statusHistory: history.map((h) => ({
      from: h.fromStatus as MerchantDetail['status'] | null,
      to: h.toStatus as MerchantDetail['status'],
      at: h.at.toISOString(),
      by: nameOf(h.userId),
      reason: h.reason,
    })),
  };
}

/**
 * `GET /channel/list`: every channel is open to every organisation (the platform has no per-organisation channel
 * contracts yet), each with its default rate and the organisation's merchants that take it (those of the member's
 * merchant scope).
 */
export async function listChannels(db: Tx, actor: Actor): Promise<ChannelListItem[]> {
  const { companyId, merchantIds } = requireMember(actor);
  const counts = await db
    .select({ channel: merchantChannelRates.channel, count: sql<number>`count(*)::int` })
    .from(merchantChannelRates)
    .innerJoin(merchants, eq(merchants.id, merchantChannelRates.merchantId))
    .where(and(eq(merchants.companyId, companyId), inScope(merchants.id, merchantIds)))
    .groupBy(merchantChannelRates.channel);
  const items: ChannelListItem[] = [];
  for (const channel of CHANNELS) {
    const shown = await db
      .select({ mchNo: merchants.mchNo, name: merchants.name, rateTenths: merchantChannelRates.rateTenths })
      .from(merchantChannelRates)
      .innerJoin(merchants, eq(merchants.id, merchantChannelRates.merchantId))
      .where(
        and(
          eq(merchants.companyId, companyId),
          eq(merchantChannelRates.channel, channel),
          inScope(merchants.id, merchantIds),
        ),
      )
      .orderBy(desc(merchants.id))
      .limit(CHANNEL_MERCHANTS_SHOWN);
    items.push({
      channel,
      name: null,
      defaultRate: CHANNEL_DEFAULT_RATES[channel],
      merchantCount: Number(counts.find((c) => c.channel === channel)?.count ?? 0),
      merchants: shown.map((s) => ({ mchNo: s.mchNo, name: s.name, rate: rateFromTenths(s.rateTenths) })),
    });
  }
  return items;
}
