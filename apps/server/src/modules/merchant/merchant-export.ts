import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { merchants } from './merchant.tables.ts';

/**
 * The merchant of each row of an export, joined once into its query (a million rows, a handful of merchants):
 * the join to add after the rows' table, and the merchant's number and name as columns.
 */
export const merchantOfRows = (merchantId: AnyPgColumn | SQL) => ({
  join: sql`join ${merchants} on ${merchants.id} = ${merchantId}`,
  mchNo: sql`${merchants.mchNo}`,
  name: sql`${merchants.name}`,
});

/** The merchant's number and name as columns of another module's query (a lookup by the key for each row). */
export const merchantFieldsOf = (merchantId: AnyPgColumn | SQL) => ({
  mchNo: sql<string>`(select ${merchants.mchNo} from ${merchants} where ${merchants.id} = ${merchantId})`,
  mchName: sql<string>`(select ${merchants.name} from ${merchants} where ${merchants.id} = ${merchantId})`,
});
