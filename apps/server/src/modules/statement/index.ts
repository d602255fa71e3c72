// The statement module's front door: each payment channel's daily statement, downloaded by its job once the channel
// publishes it, kept, and reconciled with the orders, refunds and the ledger (`npm run ops -- reconcile`).
import type { AppModule } from '../../module.ts';
import { statementJobs } from './statement-job.ts';
import { statementReconcileCheck } from './statement-reconcile.ts';

export { isDownloaded, STATEMENT_READY_AT, STATEMENT_TZ, storeStatement } from './statement.service.ts';
export { statementJobs } from './statement-job.ts';

export const module: AppModule = {
  name: 'statement',
  reconcileChecks: [statementReconcileCheck],
  jobs: statementJobs,
};
