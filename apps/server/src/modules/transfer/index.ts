// The transfer module's front door: balances, payee accounts and transfers out of the available balance, sent
// through the payout channel's port (ModuleContext.channels.payout).
import type { AppModule } from '../../module.ts';
import transferRoutes from './transfer.routes.ts';

export { createTransfer, dueTransfers, finishTransfer } from './transfer.service.ts';
export { transferProblems } from './transfer-reconcile.ts';
export { payoutsInFlight } from './transfer-console.service.ts';
import { transferReconcileCheck } from './transfer-reconcile.ts';
export { importPayee, importTransfer } from './transfer-import.service.ts';

export const module: AppModule = {
  name: 'transfer',
  routes: [{ plugin: transferRoutes, prefix: '/api/merchant' }],
  reconcileChecks: [transferReconcileCheck],
};
