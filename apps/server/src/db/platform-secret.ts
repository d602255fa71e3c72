import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { platformSecrets } from './platform.tables.ts';

/**
 * The platform's secret called `name`: made on first use and kept in the database, so every server process on
 * it (and every restart) uses the same one. Two processes starting at once both try to insert; one wins.
 */
export async function platformSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(platformSecrets)
    .values({ name, value: crypto.randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(platformSecrets).where(eq(platformSecrets.name, name));
  return Buffer.from(row!.value, 'base64url');
}
