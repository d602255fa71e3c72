// The ledger's front door: double-entry postings (every movement of money is one balanced transaction, posted in
// the database transaction of the change it belongs to), kept merchant balances, and the checks of both. Other
// modules move money only through the recipes below and read it by merchant and purse: the accounts, entries and
// tables are the ledger's own.
import type { AppModule } from '../../module.ts';
import { ledgerReconcileCheck } from './ledger.check.ts';

export type { MerchantPurse } from './ledger.accounts.ts';
export {
  manualAdjustment,
  paymentCaptured,
  payoutDone,
  payoutRequested,
  payoutReturned,
  receiverPaid,
  refundFailed,
  refundHeld,
  settlementPosted,
  type AdjustablePurse,
  type SplitShare,
} from './ledger.recipes.ts';
export { bulkPaymentsCaptured, bulkRefundsHeld } from './ledger.bulk.ts';
export { pursesCover, requireCover } from './ledger.guards.ts';
export { postingsOf, purseBalances, type LedgerKind, type PostingLine } from './ledger.service.ts';
export { checkLedger, type LedgerProblem } from './ledger.check.ts';
export { receiverOwed, receiversOwed } from './receivers.ts';
export {
  merchantsWithPurse,
  merchantsMovedOn,
  movementLines,
  movementLinesQuery,
  movementsOf,
  postingCounts,
  purseTotals,
  type Movement,
  type MovementLine,
} from './ledger.movements.ts';

export const module: AppModule = { name: 'ledger', reconcileChecks: [ledgerReconcileCheck] };
