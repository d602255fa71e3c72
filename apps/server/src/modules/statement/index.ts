// The statement module's front door: each payment channel's daily statement, downloaded on the job queue once the
// channel publishes it (or by `npm run ops -- statement:fetch`), kept, and reconciled with the orders, refunds and
// the ledger (`npm run ops -- reconcile`).
import type { AppModule } from '../../module.ts';
import { statementJobs, statementQueueWorkers } from './statement-job.ts';
import { statementReconcileCheck } from './statement-reconcile.ts';

export {
  downloadOf,
  downloadStatement,
  isDownloaded,
  STATEMENT_READY_AT,
  STATEMENT_TZ,
  storeStatement,
} from './statement.service.ts';
export {
  enqueueStatements,
  STATEMENT_GIVEN_UP_QUEUE,
  STATEMENT_QUEUE,
  STATEMENT_RETRY,
  statementJobs,
  statementWorkers,
  type StatementQueueDeps,
} from './statement-job.ts';

export const module: AppModule = {
  name: 'statement',
  reconcileChecks: [statementReconcileCheck],
  jobs: statementJobs,
  workers: statementQueueWorkers,
};
