import { addDays, dayStart } from './business-day.ts';
import type { Tx } from './db/client.ts';
import type { ReconcileCheck } from './module.ts';

export interface Reconciliation {
  /** What disagrees: none expected. */
  differences: string[];
  /** What is not finished yet (a day still to be settled): not a difference. */
  open: string[];
}

/**
 * Reconcile one business day: every module's checks (modules/index.ts collects them), in their order, each
 * answering its differences as sentences that name what they are about. `npm run ops -- reconcile` and the nightly settlement job run it.
 */
export async function reconcileDay(
  db: Tx,
  checks: readonly ReconcileCheck[],
  day: string,
  opts: { tz: string; settleAt?: string | null; now?: Date },
): Promise<Reconciliation> {
  const context = {
    day,
    start: dayStart(day, opts.tz),
    end: dayStart(addDays(day, 1), opts.tz),
    tz: opts.tz,
    now: opts.now ?? new Date(),
    settleAt: opts.settleAt ?? null,
  };
  const found: Reconciliation = { differences: [], open: [] };
  for (const c of checks) {
    const r = await c.check(db, context);
    found.differences.push(...r.differences);
    found.open.push(...(r.open ?? []));
  }
  return found;
}
