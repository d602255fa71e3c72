import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  BIG_ID_MAX,
  rateFromTenths,
  type Channel,
  type OrderDetail,
  type OrderListItem,
  type OrderStatus,
  type RefundStatus,
} from '@mchweb/contract';
import { requireMember, type Actor } from '../../actor.ts';
import type { Db, Reader, Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { beforeIdOf } from '../../keyset.ts';
import { inScope } from '../../merchant-scope.ts';
import { postingsOf } from '../ledger/index.ts';
import { merchantNamesOf, merchantOfRows } from '../merchant/index.ts';
import { personNames } from '../user/index.ts';
import { orderConditionList, withParams, type Condition, type ResolvedFilter } from './order-filter.ts';
import { ORDER } from './order.messages.ts';
import { REFUNDABLE, refundableOf } from './refund.service.ts';
import { refundsOrder } from './order-keys.ts';
import { orders, refunds } from './order.tables.ts';

type OrderRow = typeof orders.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** What a line of the list shows of an order (the list reads only these columns). */
const listColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  codeNo: orders.codeNo,
  label: orders.label,
  channel: orders.channel,
  status: orders.status,
  amountFen: orders.amountFen,
  feeFen: orders.feeFen,
  refundedFen: orders.refundedFen,
  refundingFen: orders.refundingFen,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
};
type ListRow = Pick<OrderRow, keyof typeof listColumns>;

export function listItem(o: ListRow, merchant: { mchNo: string; name: string } | undefined): OrderListItem {
  return {
    orderNo: o.orderNo,
    mchNo: merchant?.mchNo ?? '',
    mchName: merchant?.name ?? '',
    codeNo: o.codeNo,
    label: o.label,
    channel: o.channel as Channel,
    status: o.status as OrderStatus,
    amountFen: o.amountFen,
    // The fee is fixed when the order is made but charged only if it is paid.
    feeFen: o.paidAt ? o.feeFen : 0,
    refundedFen: o.refundedFen,
    refundableFen: refundableOf(o),
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
  };
}

/** An instant as JavaScript's `toISOString` writes it (UTC, milliseconds: PostgreSQL's microseconds cut, as pg does). */
const isoSql = (at: SQLWrapper) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const REFUNDABLE_SQL = sql.raw(REFUNDABLE.map((s) => `'${s}'`).join(', '));

/**
 * The conditions of a page: the filter's orders after the cursor's in the list's order, newest first by time of
 * creation then id (`orders_company_created_idx`, `orders_merchant_created_idx`: a range of days far back is found in
 * the index, not walked to from today). The cursor is the id of the previous page's last order; its place is read
 * back. An order of another organisation, or outside the filter's times, is no place in this list: the page is empty.
 * For times of creation the cursor's place is then the page's only upper bound: with the end of the range beside
 * it, PostgreSQL 17 (PGlite) started the index scan at the end of the range and walked to the cursor.
 */
function pageConditions(r: ResolvedFilter, cursor: string | undefined): Condition[] {
  const beforeId = beforeIdOf(cursor, BIG_ID_MAX);
  if (beforeId === undefined) return orderConditionList(r);
  const byCreation = r.filter.timeField !== 'paid';
  const list = orderConditionList(r, r.start, byCreation ? null : r.end);
  list.push({
    values: { beforeId, companyId: r.companyId, ...(byCreation && { end: r.end.toISOString() }) },
    write: (v) => sql`(${orders.createdAt}, ${orders.id}) < (select c.created_at, c.id from ${orders} c
      where c.id = ${v('beforeId')} and c.company_id = ${v('companyId')}${
        byCreation ? sql` and c.created_at < ${v('end')}` : sql``
      })`,
  });
  return list;
}

/** The list's order, of the orders or of the page made of them. */
const newestFirst = (t: { createdAt: SQLWrapper; id: SQLWrapper }) => [desc(t.createdAt), desc(t.id)];

/**
 * A page of the filter's orders, newest first (`size` of them), as the JSON text of its OrderPage, written by the
 * database in one value: each line what `listItem` makes of a row, rule for rule (the fee only once paid, what may
 * still be refunded, times in ISO 8601), then the cursor and whether more follow, read off the `size + 1` orders
 * fetched. The server only wraps it in the envelope: 21 rows of 14 fields to parse, map to objects, check against the
 * schema and write out again were most of its work for a page, and 21 texts to join still a quarter of what a page
 * allocated. Tests hold every line equal to `listItem`'s. The merchants are joined to the page, not to the orders it
 * is picked from: within the page query PostgreSQL walks one index, and a lookup per line cost more than the rest.
 */
function pageText(db: Tx, where: SQL | undefined, size: number | Placeholder, fetched: number | Placeholder) {
  const p = db
    .select({ ...listColumns, merchantId: orders.merchantId })
    .from(orders)
    .where(where)
    .orderBy(...newestFirst(orders))
    .limit(fetched)
    .as('p');
  const m = merchantOfRows(p.merchantId);
  const line = sql`json_build_object(
    'orderNo', ${p.orderNo}, 'mchNo', ${m.mchNo}, 'mchName', ${m.name},
    'codeNo', ${p.codeNo}, 'label', ${p.label}, 'channel', ${p.channel}, 'status', ${p.status},
    'amountFen', ${p.amountFen},
    'feeFen', case when ${p.paidAt} is null then 0 else ${p.feeFen} end,
    'refundedFen', ${p.refundedFen},
    'refundableFen', case when ${p.status} in (${REFUNDABLE_SQL})
      then ${p.amountFen} - ${p.refundedFen} - ${p.refundingFen} else 0 end,
    'createdAt', ${isoSql(p.createdAt)}, 'paidAt', ${isoSql(p.paidAt)})`;
  const inOrder = sql`order by ${p.createdAt} desc, ${p.id} desc`;
  const page = sql<string>`json_build_object(
    'rows', coalesce((array_agg(${line} ${inOrder}))[1:${size}], '{}'),
    'nextCursor', case when count(*) > ${size} then ((array_agg(${p.id} ${inOrder}))[${size}])::text end,
    'hasMore', count(*) > ${size})::text`;
  return db.select({ page }).from(p).innerJoin(m.table, m.on);
}

/** The list's query for a filter and page, its values bound (the benchmark runs it directly and explains it). */
export const orderPageQuery = (db: Tx, r: ResolvedFilter, page: { cursor?: string | undefined; limit: number }) =>
  pageText(db, withParams(pageConditions(r, page.cursor)), page.limit, page.limit + 1);

/**
 * The list's query prepared once per database and shape of filter (which conditions it has, which time it reads):
 * a page is then its values sent to a statement PostgreSQL has parsed before, with no SQL written in JavaScript.
 * Shapes on the time of creation go to `plannedOnce`, whose connections also keep one plan per statement: with
 * the indexes above that plan is the same whatever the values (the index of the merchant or of the organisation,
 * its range of times), and planning again on every page was most of PostgreSQL's work for a page. Shapes whose best
 * plan depends on the values are planned for them: on the time of payment (a narrow range of payment times can use
 * `orders_company_paid_idx`) or of one payment code (a code of few orders is read by its index, one of many in order).
 */
const preparedPages = new WeakMap<Tx, Map<string, ReturnType<typeof preparePage>>>();
const preparePage = (db: Tx, conditions: Condition[], name: string) =>
  pageText(
    db,
    and(...conditions.map((c) => c.write(sql.placeholder))),
    sql.placeholder('size'),
    sql.placeholder('fetched'),
  ).prepare(name);

/** `POST /order/list`: the page (an OrderPage) as JSON text. */
export async function listOrders(
  database: Reader,
  r: ResolvedFilter,
  page: { cursor?: string | undefined; limit: number },
): Promise<string> {
  // Through PgBouncer in transaction mode a named statement may be missing on the next server connection.
  if (!database.namedStatements) return (await orderPageQuery(database.db, r, page))[0]!.page;
  const conditions = pageConditions(r, page.cursor);
  const values: Record<string, unknown> = { size: page.limit, fetched: page.limit + 1 };
  for (const c of conditions) Object.assign(values, c.values);
  // The names bound, in order, and the time field (the one choice that changes a column, not a value) make the shape.
  const shape = `${r.filter.timeField}:${Object.keys(values).join(',')}`;
  const db = r.filter.timeField === 'paid' || r.filter.codeNo ? database.db : database.plannedOnce;
  let shapes = preparedPages.get(db);
  if (!shapes) preparedPages.set(db, (shapes = new Map()));
  let query = shapes.get(shape);
  if (!query) shapes.set(shape, (query = preparePage(db, conditions, `order_page_${shapes.size}`)));
  const [row] = await query.execute(values);
  return row!.page;
}

function timeline(o: OrderRow, list: RefundRow[]): OrderDetail['timeline'] {
  const events: OrderDetail['timeline'] = [
    { kind: 'CREATED', at: o.createdAt.toISOString(), amountFen: o.amountFen, refundNo: null },
  ];
  if (o.paidAt) events.push({ kind: 'PAID', at: o.paidAt.toISOString(), amountFen: o.amountFen, refundNo: null });
  if (o.status === 'FAILED' && o.closedAt)
    events.push({ kind: 'FAILED', at: o.closedAt.toISOString(), amountFen: null, refundNo: null });
  if (o.status === 'CLOSED' && o.closedAt)
    events.push({ kind: 'CLOSED', at: o.closedAt.toISOString(), amountFen: null, refundNo: null });
  for (const r of list) {
    events.push({
      kind: 'REFUND_REQUESTED',
      at: r.createdAt.toISOString(),
      amountFen: r.amountFen,
      refundNo: r.refundNo,
    });
    if (r.finishedAt) {
      events.push({
        kind: r.status === 'SUCCESS' ? 'REFUNDED' : 'REFUND_FAILED',
        at: r.finishedAt.toISOString(),
        amountFen: r.amountFen,
        refundNo: r.refundNo,
      });
    }
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

/** `GET /order/detail`: the order with its timeline, refunds and every ledger entry posted for it. */
export async function orderDetail(database: Db, actor: Actor, orderNo: string): Promise<OrderDetail> {
  // One snapshot for the order, its refunds and postings: read apart on PostgreSQL, a refund finishing in between
  // showed as succeeded beside an order not yet refunded, and the page, seeing no refund pending, stopped asking.
  return database.transaction((db) => detailIn(db, actor, orderNo), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

async function detailIn(db: Tx, actor: Actor, orderNo: string): Promise<OrderDetail> {
  const { companyId, merchantIds } = requireMember(actor);
  // An order of a merchant outside the member's scope is not found, as another organisation's is.
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.companyId, companyId), inScope(orders.merchantId, merchantIds)));
  if (!o) throw notFound(ORDER.orderNotFound);
  const list = await db.select().from(refunds).where(eq(refunds.orderId, o.id)).orderBy(asc(refunds.id));
  const [names, people, postings] = await Promise.all([
    merchantNamesOf(db, [o.merchantId]),
    personNames(
      db,
      list.map((r) => r.createdBy),
    ),
    postingsOf(db, companyId, [o.orderNo, ...list.map((r) => r.refundNo)]),
  ]);
  return {
    ...listItem(o, names.get(o.merchantId)),
    feeRefundedFen: o.feeRefundedFen,
    rate: rateFromTenths(o.rateTenths),
    channelTradeNo: o.channelTradeNo,
    closedAt: o.closedAt?.toISOString() ?? null,
    timeline: timeline(o, list),
    refunds: list.map((r) => ({
      refundNo: r.refundNo,
      status: r.status as RefundStatus,
      amountFen: r.amountFen,
      feeRefundFen: r.feeRefundFen,
      reason: r.reason,
      failReason: r.failReason,
      createdBy: people(r.createdBy),
      createdAt: r.createdAt.toISOString(),
      finishedAt: r.finishedAt?.toISOString() ?? null,
    })),
    postings: postings.map((p) => ({
      txNo: p.txNo,
      kind: p.kind,
      account: p.account,
      amountFen: p.amountFen,
      at: p.at.toISOString(),
    })),
  };
}

/** The order of each refund (a bill's and a settlement's refund lines name their order). */
/** The order number of a refund, as a column of another module's export query (one lookup by the unique key). */
export const orderNoOfRefundSql = (refundNo: SQL) =>
  sql`(select ${orders.orderNo} from ${refunds} join ${orders} on ${refundsOrder}
    where ${refunds.refundNo} = ${refundNo})`;

export async function orderNosOfRefunds(db: Tx, refundNos: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (refundNos.length === 0) return found;
  const rows = await db
    .select({ refundNo: refunds.refundNo, orderNo: orders.orderNo })
    .from(refunds)
    .innerJoin(orders, refundsOrder)
    .where(inArray(refunds.refundNo, refundNos));
  for (const r of rows) found.set(r.refundNo, r.orderNo);
  return found;
}
