import type { Channel, DashboardOverview, DayTotals } from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import { addDays, dayOf } from '../../business-day.ts';
import type { Tx } from '../../db/client.ts';
import { purseBalances } from '../ledger/index.ts';
import { listMerchantSummaries } from '../merchant/index.ts';
import { tradeByDay, type TradeDayLine } from '../order/index.ts';

const TREND_DAYS = 30;
const TOP = 5;

function totals(lines: TradeDayLine[]): DayTotals {
  const t = { count: 0, amountFen: 0, refundedFen: 0, feeFen: 0, netFen: 0 };
  for (const l of lines) {
    t.count += l.count;
    t.amountFen += l.amountFen;
    t.refundedFen += l.refundedFen;
    t.feeFen += l.feeFen;
  }
  t.netFen = t.amountFen - t.refundedFen - t.feeFen;
  return t;
}

/**
 * `GET /dashboard/overview`: today, yesterday, 30 days by day and channel, the top merchants, from the order day
 * totals; what the organisation's merchants hold, from the ledger's kept balances. No scan of orders.
 */
export async function dashboardOverview(
  db: Tx,
  actor: Actor,
  tz: string,
  now = new Date(),
): Promise<DashboardOverview> {
  // A member limited to some merchants sees the figures of those merchants only.
  const { companyId, merchantIds } = requireMember(actor);
  const today = dayOf(now, tz);
  const first = addDays(today, -(TREND_DAYS - 1));
  const [lines, merchants] = await Promise.all([
    tradeByDay(db, companyId, first, today, merchantIds),
    listMerchantSummaries(db, companyId, merchantIds),
  ]);
  const balances = await purseBalances(
    db,
    merchants.map((m) => m.mchId),
  );
  const trend = Array.from({ length: TREND_DAYS }, (_, i) => {
    const day = addDays(first, i);
    return { day, ...totals(lines.filter((l) => l.day === day)) };
  });
  const channels = (['WECHAT', 'ALIPAY', 'UNIONPAY'] as Channel[])
    .map((channel) => {
      const t = totals(lines.filter((l) => l.channel === channel));
      return { channel, count: t.count, amountFen: t.amountFen };
    })
    .filter((c) => c.count > 0);
  const topMerchants = merchants
    .map((m) => {
      const t = totals(lines.filter((l) => l.merchantId === m.mchId));
      return { mchNo: m.mchNo, mchName: m.name, count: t.count, amountFen: t.amountFen };
    })
    .filter((m) => m.count > 0)
    .sort((a, b) => b.amountFen - a.amountFen)
    .slice(0, TOP);
  const held = (purse: 'pending' | 'available') => merchants.reduce((s, m) => s + balances.get(m.mchId)![purse], 0);
  return {
    today: trend.at(-1)!,
    yesterday: trend.at(-2)!,
    trend,
    channels,
    topMerchants,
    pendingFen: held('pending'),
    availableFen: held('available'),
  };
}
