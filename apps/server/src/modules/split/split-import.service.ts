import type { Db } from '../../db/client.ts';
import { splitApplications } from './split.tables.ts';

/** An application made elsewhere, as it stands after its review (the sandbox's demo data). */
export type ImportedSplit = typeof splitApplications.$inferInsert;

/** Profit-sharing applications with their history, in one statement. */
export async function importSplits(db: Db, rows: ImportedSplit[]) {
  await db.insert(splitApplications).values(rows);
}
