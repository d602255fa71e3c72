import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../company/company.tables.ts';
import { merchants } from '../merchant/merchant.tables.ts';
import { users } from '../user/user.tables.ts';

/** A batch of payment codes generated together (one printable sheet). */
export const codeBatches = pgTable(
  'code_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    batchNo: text('batch_no').notNull().unique(),
    count: integer('count').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_batches_company_idx').on(t.companyId, t.id.desc())],
);

/**
 * Payment codes: UNBOUND -> BOUND -> UNBOUND, or DISABLED (final). While BOUND, `merchantId` says whose cashier
 * it opens, with an optional fixed amount (fen) and label.
 */
export const paymentCodes = pgTable(
  'payment_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    batchId: integer('batch_id')
      .notNull()
      .references(() => codeBatches.id),
    codeNo: text('code_no').notNull().unique(),
    /** CODE_STATUSES of the contract */
    status: text('status').notNull().default('UNBOUND'),
    merchantId: integer('merchant_id').references(() => merchants.id),
    fixedAmountFen: integer('fixed_amount_fen'),
    label: text('label'),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_codes_batch_idx').on(t.batchId, t.id),
    index('payment_codes_company_idx').on(t.companyId, t.id.desc()),
    index('payment_codes_merchant_idx').on(t.merchantId),
  ],
);
