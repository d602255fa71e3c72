import { inArray, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * The merchants a member may see and act on (issue 11, `Membership.merchantIds`): null = every merchant of the
 * organisation, else only these ids. Every query of merchant-owned records (orders, codes, settlements, bills,
 * transfers, profit sharing, the dashboard, merchants themselves) adds `inScope` to its WHERE, and every lookup of
 * one object by its number treats an object outside the scope as not found, exactly as another organisation's:
 * the answer tells nothing about what lies outside.
 */
export type MerchantScope = readonly number[] | null;

/** The WHERE part keeping a query to the scope's merchants; undefined (no condition) for every merchant. */
export const inScope = (merchantColumn: AnyColumn, scope: MerchantScope): SQL | undefined =>
  scope === null ? undefined : inArray(merchantColumn, [...scope]);

/** Whether the scope covers a merchant (a record without a merchant, such as an unbound code, is never covered). */
export const covers = (scope: MerchantScope, merchantId: number | null): boolean =>
  scope === null || (merchantId !== null && scope.includes(merchantId));
