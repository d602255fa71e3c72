// The ledger's front door: double-entry postings (every movement of money is one balanced transaction, posted in
// the database transaction of the change it belongs to), kept merchant balances, and the checks of both.
import type { AppModule } from '../../module.ts';

export { channelClearing, FEE_INCOME, merchantAccount, type MerchantPurse } from './ledger.accounts.ts';
export {
  balancesOf,
  lockBalances,
  postingsOf,
  postTransaction,
  reverseTransaction,
  type Entry,
  type Posting,
  type PostingLine,
} from './ledger.service.ts';
export { checkLedger, type LedgerProblem } from './ledger.check.ts';
export { bulkPost } from './ledger.bulk.ts';
export {
  merchantsWithPurse,
  movementLines,
  movementLinesQuery,
  movementsOf,
  type Movement,
  type MovementLine,
} from './ledger.movements.ts';

export const module: AppModule = { name: 'ledger' };
