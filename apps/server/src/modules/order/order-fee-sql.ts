import { sql, type SQL } from 'drizzle-orm';

/**
 * The fee rules of `@mchweb/contract`'s money.ts (`feeOf`, and `feeRefundOf` for a single refund), as SQL over
 * bigint columns, for bulk writes that work out a hundred thousand fees in one statement. Integer division of
 * non-negative numbers: `(2a + b) / (2b)` is `divideHalfUp(a, b)`. order-fee-sql.test.ts holds both to agree.
 */
export const feeSql = (amountFen: SQL, rateTenths: SQL) => sql`((${amountFen}) * (${rateTenths}) * 2 + 10000) / 20000`;

/** The fee given back by the first refund of `refundedFen` (0 when nothing is refunded). */
export const feeRefundSql = (feeFen: SQL, refundedFen: SQL, amountFen: SQL) =>
  sql`case when (${refundedFen}) = 0 then 0
    else ((${feeFen}) * (${refundedFen}) * 2 + (${amountFen})) / (2 * (${amountFen})) end`;
