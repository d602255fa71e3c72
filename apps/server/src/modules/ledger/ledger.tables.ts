import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../company/company.tables.ts';

/**
 * Double entry. A transaction is one movement of money (a payment, a refund, a settlement, a transfer ...); its
 * entries sum to zero. `kind` + `refNo` is unique: the same business event can never post twice.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** PAYMENT | REFUND | REFUND_REVERSAL | SETTLEMENT | TRANSFER ... */
    kind: text('kind').notNull(),
    /** The business object it belongs to (order, refund, settlement number). */
    refNo: text('ref_no').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_transactions_ref_idx').on(t.refNo, t.kind)],
);

/**
 * One side of a transaction on one account. Accounts are named, not rows of their own: `mch:<id>:pending`,
 * `mch:<id>:available`, `channel:<CHANNEL>:clearing`, `platform:fee_income` (ledger.accounts.ts). Amounts are
 * signed fen, credit positive: a merchant's balance is the sum of its account's entries. Partitioned by business
 * month on `created_at` (migration 0014), hence the key `(id, created_at)`; nothing references an entry.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    /** The transaction's time, copied: a merchant's movements of a day are one range of the account's index. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt], name: 'ledger_entries_pkey' }),
    index('ledger_entries_tx_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.account, t.createdAt),
  ],
);

/**
 * The running balance of each merchant account, updated in the same database transaction as its entries, so a
 * debit can check and take in one atomic statement (`balance >= x`). Tests and `reconcile` compare it with the
 * sums of entries. Platform accounts (fee income, channel clearing) have no row: every payment touches them,
 * and one row for all would serialise every payment of the platform.
 */
export const ledgerBalances = pgTable('ledger_balances', {
  account: text('account').primaryKey(),
  balanceFen: bigint('balance_fen', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
