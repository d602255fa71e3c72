import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Delete the rows of `table` that `where` picks, at most `batch` in one statement, until none is left; answers
 * how many went. For the purges of rows nobody needs any more (issue 25.10), run by every server process: a
 * short statement per batch, and rows another process is deleting are skipped (SKIP LOCKED), not waited for.
 */
export async function deleteInBatches(db: Db, table: PgTable, id: PgColumn, where: SQL, batch = 1000) {
  let total = 0;
  for (;;) {
    const result = (await db.execute(sql`
      delete from ${table} where ${id} in (
        select ${id} from ${table} where ${where} limit ${batch} for update skip locked
      ) returning 1`)) as unknown as { rows: unknown[] };
    total += result.rows.length;
    if (result.rows.length < batch) return total;
  }
}
