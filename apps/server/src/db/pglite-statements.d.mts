import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/** How many statements stay prepared in the embedded database (pglite-statements.mjs). */
export const PREPARED_LIMIT: number;

export function isPreparable(params: unknown[] | undefined, options: object | undefined): boolean;

export function preparedStatements(
  client: PGlite,
  limit?: number,
): <T>(text: string, params: unknown[], options?: QueryOptions, tx?: Transaction) => Promise<Results<T>>;
