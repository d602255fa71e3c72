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
 * A condition of a filter as data: the values it binds, by name, and its SQL written with a chunk for each (bound
 * parameters, or the named placeholders of the list's query, prepared once per shape of filter). The list reads
 * the names and values of a page's conditions and writes their SQL only for a shape it has not prepared yet:
 * writing it on every page was a tenth of what a page allocated (order-query.service.ts).
 */
export interface Condition {
  values: Record<string, unknown>;
  write(value: (name: string) => SQLChunk): SQL;
}

/** The conditions written with their values as bound parameters. The driver's values: times as ISO strings. */
export const withParams = (list: (Condition | undefined)[]): SQL | undefined =>
  and(...list.map((c) => c?.write((name) => sql.param(c.values[name]))));

/**
 * `column` is one of the merchants the filter names (numbers of other organisations match nothing), if it names any.
 * One merchant, the usual filter, is an equality with the one id: PostgreSQL can then walk that merchant's orders
 * in an index (`orders_merchant_created_idx`) even in a plan made before the values are known.
 */
export function merchantCondition(column: AnyColumn, r: ResolvedFilter): Condition | undefined {
  const mchNos = r.filter.mchNos;
  if (!mchNos?.length) return undefined;
  const one = mchNos.length === 1;
  const key = one ? 'mchNo' : 'mchNos';
  return {
    values: { companyId: r.companyId, [key]: mchNos },
    write: (v) => sql`${column} ${one ? sql`=` : sql`in`} ${merchantIdsByNoSql(v('companyId'), v(key))}`,
  };
}

const condition = (name: string, value: unknown, write: (v: SQLChunk) => SQL): Condition => ({
  values: { [name]: value },
  write: (v) => write(v(name)),
});

/**
 * The conditions of the orders the filter selects, within [start, end) (defaults to the filter's range; `end` null:
 * the caller bounds the end itself, as the list's cursor does).
 */
export function orderConditionList(r: ResolvedFilter, start = r.start, end: Date | null = r.end): Condition[] {
  const f = r.filter;
  const time = f.timeField === 'paid' ? orders.paidAt : orders.createdAt;
  const list = [
    condition('companyId', r.companyId, (v) => sql`${orders.companyId} = ${v}`),
    condition('start', start.toISOString(), (v) => sql`${time} >= ${v}`),
  ];
  if (end) list.push(condition('end', end.toISOString(), (v) => sql`${time} < ${v}`));
  if (r.scope) list.push(condition('scope', [...r.scope], (v) => sql`${orders.merchantId} = any(${v})`));
  const merchants = merchantCondition(orders.merchantId, r);
  if (merchants) list.push(merchants);
  if (f.statuses?.length) list.push(condition('statuses', f.statuses, (v) => sql`${orders.status} = any(${v})`));
  if (f.channels?.length) list.push(condition('channels', f.channels, (v) => sql`${orders.channel} = any(${v})`));
  if (f.amountMinFen !== undefined) {
    list.push(condition('amountMin', f.amountMinFen, (v) => sql`${orders.amountFen} >= ${v}`));
  }
  if (f.amountMaxFen !== undefined) {
    list.push(condition('amountMax', f.amountMaxFen, (v) => sql`${orders.amountFen} <= ${v}`));
  }
  if (f.orderNo) list.push(condition('orderNo', f.orderNo, (v) => sql`${orders.orderNo} = ${v}`));
  if (f.codeNo) list.push(condition('codeNo', f.codeNo, (v) => sql`${orders.codeNo} = ${v}`));
  if (f.label) list.push(condition('label', containsPattern(f.label), (v) => sql`${orders.label} ilike ${v}`));
  return list;
}

/** The WHERE of the orders the filter selects, within [start, end), its values bound as parameters. */
export const orderConditions = (r: ResolvedFilter, start = r.start, end = r.end): SQL =>
  withParams(orderConditionList(r, start, end))!;
