import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { platformSettings } from './platform.tables.ts';

/** A node whose MCHWEB_TZ differs from the zone the database was started with. */
export class TimeZoneMismatch extends Error {
  constructor(
    readonly stored: string,
    readonly configured: string,
  ) {
    super(
      `mchweb refuses to start: MCHWEB_TZ is ${configured}, but this database's business time zone is ${stored} ` +
        '(written by its first start). Business days, settlement and trade bills cut the day in that zone, and every ' +
        `node must cut it the same way: set MCHWEB_TZ=${stored} on this node. To move the business to another zone, ` +
        'see "Changing the business time zone" in docs/operations.md.',
    );
    this.name = 'TimeZoneMismatch';
  }
}

/**
 * The business time zone, stored once: the first start writes `configured`, every later start (of any node) must
 * be configured with the same zone, else TimeZoneMismatch. Two nodes starting at once both try to insert; one wins
 * and the other is then compared with it.
 */
export async function checkBusinessTimeZone(db: Db, configured: string): Promise<void> {
  await db.insert(platformSettings).values({ name: 'time_zone', value: configured }).onConflictDoNothing();
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.name, 'time_zone'));
  if (row!.value !== configured) throw new TimeZoneMismatch(row!.value, configured);
}
