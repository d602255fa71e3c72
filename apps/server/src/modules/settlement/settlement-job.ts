import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { systemActor } from '../../actor.ts';
import { addDays, dayOf } from '../../business-day.ts';
import { reconcileDay } from '../../reconcile.ts';
import type { ModuleContext } from '../../module.ts';
import { periodicJob } from '../../periodic-job.ts';
import { runSettlement } from './settle.service.ts';
import { clockOf } from './settle-time.ts';
import { settlementRuns } from './settlement.tables.ts';

/**
 * T+1: once the business day's clock passes MCHWEB_SETTLE_AT, settle the day before (every process looks each
 * minute; `settlement_runs` says a day is done, and the settlement records themselves are unique per merchant-day,
 * so a second process or a restart changes nothing).
 */
const settlementJob: FastifyPluginAsync<ModuleContext> = async (app, { config, reconcileChecks }) => {
  const at = config.settleAt;
  if (!at) return;
  const actor = systemActor('job:settlement');
  const settings = { tz: config.timezone };
  periodicJob(app, 'settlement', 60_000, async () => {
    const now = new Date();
    if (clockOf(now, settings.tz) < at) return;
    const day = addDays(dayOf(now, settings.tz), -1);
    const [done] = await app.db.select().from(settlementRuns).where(eq(settlementRuns.settleDate, day));
    if (done) return;
    const result = await runSettlement(app.db, actor, day, settings, { now });
    await app.db
      .insert(settlementRuns)
      .values({ settleDate: day, settled: result.settled, failed: result.failed })
      .onConflictDoNothing();
    app.log.info({ settlement: result }, `settled ${day}`);
    // The nightly reconciliation: every module's checks of the day, every difference in the log.
    const { differences: problems } = await reconcileDay(app.db, reconcileChecks, day, {
      ...settings,
      settleAt: at,
      now,
    });
    if (problems.length) app.log.error({ day, problems }, `reconciliation of ${day}: ${problems.length} difference(s)`);
    else app.log.info({ day }, `reconciliation of ${day}: no difference`);
  });
};
export default settlementJob;
