// The transfer module's front door: balances, payee accounts and transfers out of the available balance, with the
// sandbox payout channel.
import type { AppModule } from '../../module.ts';
import { payoutJob, payoutNoticeRoutes } from './payout.routes.ts';
import transferRoutes from './transfer.routes.ts';

export { createTransfer, finishTransfer } from './transfer.service.ts';
export { transferProblems } from './transfer-reconcile.ts';
import { transferReconcileCheck } from './transfer-reconcile.ts';
export { insertDemoTransfers } from './demo-data.ts';

export const module: AppModule = {
  name: 'transfer',
  routes: [
    { plugin: transferRoutes, prefix: '/api/merchant' },
    { plugin: payoutNoticeRoutes, prefix: '/api/pay' },
    { plugin: payoutJob, prefix: '' },
  ],
  reconcileChecks: [transferReconcileCheck],
};
