import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { merchants } from './merchant.tables.ts';

/**
 * The merchant of each row of another module's query, joined once into it (a million rows of an export, a page of
 * the order list; a handful of merchants): the join to add after the rows' table (or its table and condition, for
 * the query builder's `innerJoin`), and the merchant's number and name as columns.
 */
export const merchantOfRows = (merchantId: AnyPgColumn | SQL | SQL.Aliased) => {
  const on = sql`${merchants.id} = ${merchantId}`;
  return {
    table: sql`${merchants}`,
    on,
    join: sql`join ${merchants} on ${on}`,
    mchNo: sql<string>`${merchants.mchNo}`,
    name: sql<string>`${merchants.name}`,
  };
};
