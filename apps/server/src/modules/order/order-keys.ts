import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orderKeys, orders, refunds } from './order.tables.ts';

type OrderRow = typeof orders.$inferSelect;
/** An order's whole key: its id and its partition key. */
export type OrderKey = Pick<OrderRow, 'id' | 'createdAt'>;

/**
 * Make an order and its row of `order_keys` in the caller's transaction: the keys unique platform-wide (order
 * number, the payer's code and key) are unique there, not in the partitioned `orders` (docs/operations.md, "Data
 * that grows"). A second order with the same keys fails on `order_keys` and rolls its order back with it.
 */
export async function insertOrder(tx: Tx, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [created] = await tx.insert(orders).values(values).returning();
  await tx.insert(orderKeys).values({
    orderId: created!.id,
    createdAt: created!.createdAt,
    orderNo: created!.orderNo,
    codeNo: created!.codeNo,
    idempotencyKey: created!.idempotencyKey,
  });
  return created!;
}

/**
 * Orders found by their keys in `order_keys` (the payer's and the merchant API's retries), whatever month they
 * were made in: joined on the order's id and `created_at`, so each is read from its month's partition only.
 */
export const ordersByKey = (db: Tx, where: SQL) =>
  db
    .select(getTableColumns(orders))
    .from(orderKeys)
    .innerJoin(orders, and(eq(orders.id, orderKeys.orderId), eq(orders.createdAt, orderKeys.createdAt)))
    .where(where);

/**
 * This order, by its whole key: the partition key with the id, so a statement reads one month's partition. An
 * order by id alone probes every month's index (cheap for a few dozen months, but it grows with them).
 */
export const orderIs = (o: OrderKey) => and(eq(orders.id, o.id), eq(orders.createdAt, o.createdAt))!;

/** A refund's order: the refund carries the order's whole key (its foreign key). */
export const refundsOrder = and(eq(orders.id, refunds.orderId), eq(orders.createdAt, refunds.orderCreatedAt))!;
