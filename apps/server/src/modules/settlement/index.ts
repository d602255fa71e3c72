// The settlement module's front door: T+1 settlement of each merchant-day (the daily job enqueues them on the job
// queue, its workers settle them; `ops settle:run` in-process), and the settlement records of /settlement.
import type { AppModule } from '../../module.ts';
import { settlementReconcileCheck } from './reconcile.service.ts';
import { settlementJobs, settlementQueueWorkers } from './settlement-job.ts';
import settlementRoutes from './settlement.routes.ts';

export {
  dayFigures,
  recordFinishedRun,
  runSettlement,
  settleMerchantDay,
  type DayFigures,
  type RunResult,
} from './settle.service.ts';
export {
  enqueueSettlement,
  RECONCILE_QUEUE,
  SETTLE_GIVEN_UP_QUEUE,
  SETTLE_QUEUE,
  settlementWorkers,
  type SettlementQueueDeps,
} from './settlement-job.ts';
export { billRowsSheet } from './settlement-export.ts';
export {
  findSettlement,
  rerunFailedSettlement,
  settlementDays,
  settlementsForOps,
} from './settlement-console.service.ts';
export { listSettlements } from './settlement-query.service.ts';

export const module: AppModule = {
  name: 'settlement',
  routes: [{ plugin: settlementRoutes, prefix: '/api/merchant' }],
  reconcileChecks: [settlementReconcileCheck],
  jobs: settlementJobs,
  // Only a process that settles (MCHWEB_SETTLE_AT) takes settlement jobs.
  workers: settlementQueueWorkers,
};
