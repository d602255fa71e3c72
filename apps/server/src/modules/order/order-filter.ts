import { and, sql, type AnyColumn, type SQL, type SQLChunk } from 'drizzle-orm';
import type { z } from 'zod';
import { ORDER_DEFAULT_DAYS, type orderFilter } from '@mchweb/contract';
import { addDays, dayOf, rangeOf } from '../../business-day.ts';
import { invalid } from '../../errors.ts';
import { containsPattern } from '../../keyset.ts';
import type { MerchantScope } from '../../merchant-scope.ts';
import { merchantIdsByNoSql } from '../merchant/index.ts';
import { ORDER } from './order.messages.ts';
import { orders } from './order.tables.ts';

export type Filter = z.output<typeof orderFilter>;

/** A filter made concrete: the organisation, the member's scope and the [start, end) instants. */
export interface ResolvedFilter {
  companyId: number;
  /** The member's merchant scope: every query of the filter stays within it (null: every merchant). */
  scope: MerchantScope;
  filter: Filter;
  start: Date;
  end: Date;
}

/** Whose orders: an organisation's (every merchant), or a member's (its merchant scope). */
export type OrderOwner = number | { companyId: number; merchantIds: MerchantScope };

/** The filter's time range (S9.5 default: ORDER_DEFAULT_DAYS days back and today). */
export function resolveFilter(owner: OrderOwner, filter: Filter, tz: string, now = new Date()) {
  const { companyId, merchantIds: scope } = typeof owner === 'number' ? { companyId: owner, merchantIds: null } : owner;
  const today = dayOf(now, tz);
  const { start, end } = rangeOf(
    filter.from ?? (filter.to ? '1970-01-01' : addDays(today, -ORDER_DEFAULT_DAYS)),
    filter.to ?? today,
    tz,
  );
  if (end <= start) throw invalid(ORDER.badRange);
  return { companyId, scope, filter, start, end } satisfies ResolvedFilter;
}

/** Whether the filter has conditions only the order rows know (the day totals cannot answer it). */
export const needsRows = (f: Filter) =>
  f.timeField === 'paid' ||
  f.amountMinFen !== undefined ||
  f.amountMaxFen !== undefined ||
  f.orderNo !== undefined ||
  f.codeNo !== undefined ||
  f.label !== undefined;

/**
 * How a filter's values enter its SQL: as bound parameters (`asParams`), or, for the list, as the named
 * placeholders of a query prepared once per shape of filter (order-query.service.ts). The value is the driver's:
 * times as ISO strings, lists as arrays (`= any(...)`).
 */
export type Bind = (name: string, value: unknown) => SQLChunk;
export const asParams: Bind = (_name, value) => sql.param(value);

/**
 * `column` is one of the merchants the filter names (numbers of other organisations match nothing), if it names any.
 * One merchant, the usual filter, is an equality with the one id: PostgreSQL can then walk that merchant's orders
 * in an index (`orders_merchant_created_idx`) even in a plan made before the values are known.
 */
export function merchantCondition(column: AnyColumn, r: ResolvedFilter, bind: Bind = asParams) {
  const mchNos = r.filter.mchNos;
  if (!mchNos?.length) return undefined;
  if (mchNos.length === 1) {
    return sql`${column} = ${merchantIdsByNoSql(bind('companyId', r.companyId), bind('mchNo', mchNos))}`;
  }
  return sql`${column} in ${merchantIdsByNoSql(bind('companyId', r.companyId), bind('mchNos', mchNos))}`;
}

/**
 * The WHERE of the orders the filter selects, within [start, end) (defaults to the filter's range; `end` null: the
 * caller bounds the end itself, as the list's cursor does).
 */
export function orderConditions(
  r: ResolvedFilter,
  start = r.start,
  end: Date | null = r.end,
  bind: Bind = asParams,
): SQL {
  const f = r.filter;
  const time = f.timeField === 'paid' ? orders.paidAt : orders.createdAt;
  const parts: SQL[] = [
    sql`${orders.companyId} = ${bind('companyId', r.companyId)}`,
    sql`${time} >= ${bind('start', start.toISOString())}`,
  ];
  if (end) parts.push(sql`${time} < ${bind('end', end.toISOString())}`);
  if (r.scope) parts.push(sql`${orders.merchantId} = any(${bind('scope', [...r.scope])})`);
  const merchants = merchantCondition(orders.merchantId, r, bind);
  if (merchants) parts.push(merchants);
  if (f.statuses?.length) parts.push(sql`${orders.status} = any(${bind('statuses', f.statuses)})`);
  if (f.channels?.length) parts.push(sql`${orders.channel} = any(${bind('channels', f.channels)})`);
  if (f.amountMinFen !== undefined) parts.push(sql`${orders.amountFen} >= ${bind('amountMin', f.amountMinFen)}`);
  if (f.amountMaxFen !== undefined) parts.push(sql`${orders.amountFen} <= ${bind('amountMax', f.amountMaxFen)}`);
  if (f.orderNo) parts.push(sql`${orders.orderNo} = ${bind('orderNo', f.orderNo)}`);
  if (f.codeNo) parts.push(sql`${orders.codeNo} = ${bind('codeNo', f.codeNo)}`);
  if (f.label) parts.push(sql`${orders.label} ilike ${bind('label', containsPattern(f.label))}`);
  return and(...parts)!;
}
