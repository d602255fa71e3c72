import { eq } from 'drizzle-orm';
import { systemActor } from '../../actor.ts';
import { addDays, dayOf } from '../../business-day.ts';
import type { Job } from '../../jobs.ts';
import type { ModuleContext } from '../../module.ts';
import { reconcileDay } from '../../reconcile.ts';
import { runSettlement } from './settle.service.ts';
import { settlementRuns } from './settlement.tables.ts';

/**
 * T+1: once the business day's clock passes MCHWEB_SETTLE_AT, settle the day before (every process looks each
 * minute; `settlement_runs` says a day is done, and the settlement records themselves are unique per merchant-day,
 * so a second process or a restart changes nothing).
 */
export const settlementJobs = ({ config, reconcileChecks }: ModuleContext): Job[] => {
  const at = config.settleAt;
  if (!at) return [];
  const actor = systemActor('job:settlement');
  const settings = { tz: config.timezone };
  return [
    {
      name: 'settlement',
      schedule: { dailyAt: at, tz: settings.tz },
      lock: 'rows',
      async run({ db, log, now }) {
        const day = addDays(dayOf(now, settings.tz), -1);
        const [done] = await db.select().from(settlementRuns).where(eq(settlementRuns.settleDate, day));
        if (done) return;
        const result = await runSettlement(db, actor, day, settings, { now });
        await db
          .insert(settlementRuns)
          .values({ settleDate: day, settled: result.settled, failed: result.failed })
          .onConflictDoNothing();
        log.info({ settlement: result }, `settled ${day}`);
        // The nightly reconciliation: every module's checks of the day, every difference in the log.
        const { differences: problems } = await reconcileDay(db, reconcileChecks, day, {
          ...settings,
          settleAt: at,
          now,
        });
        if (problems.length) log.error({ day, problems }, `reconciliation of ${day}: ${problems.length} difference(s)`);
        else log.info({ day }, `reconciliation of ${day}: no difference`);
      },
    },
  ];
};
