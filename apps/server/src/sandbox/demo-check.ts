import { verifyPassword } from '../modules/auth/index.ts';
import { findUserByMobile } from '../modules/user/index.ts';
import type { Db } from '../db/client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed-demo.ts';

/**
 * The demo accounts that still sign in with the published demo password (README). In production this is an
 * open door: the server refuses to start while any is left (server.ts), unless demo data was asked for.
 */
export async function accountsWithDemoPassword(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const mobile of Object.values(DEMO_ACCOUNTS)) {
    const user = await findUserByMobile(db, mobile);
    if (user && (await verifyPassword(user.passwordHash, DEMO_PASSWORD))) found.push(mobile);
  }
  return found;
}
