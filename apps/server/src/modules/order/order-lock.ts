import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { orders } from './order.tables.ts';

/** The order row, locked for the rest of the transaction (notices, the close job and refunds take turns). */
export async function lockOrder(tx: Tx, where: SQL) {
  const [row] = await tx.select().from(orders).where(where).for('update');
  return row ?? null;
}
