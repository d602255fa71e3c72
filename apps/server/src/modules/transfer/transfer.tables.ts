import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../company/company.tables.ts';
import { merchants } from '../merchant/merchant.tables.ts';
import { users } from '../user/user.tables.ts';

/** Where transfers go: a bank card, an Alipay account or a WeChat openid of the organisation. Kept when removed. */
export const payeeAccounts = pgTable(
  'payee_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** BANK_CARD | ALIPAY | WECHAT */
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** In full (the payout needs it); answers show it masked. */
    accountNo: text('account_no').notNull(),
    bankName: text('bank_name'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('payee_accounts_company_idx').on(t.companyId, t.id.desc())],
);

/** Transfers out of a merchant's available balance: PROCESSING -> SUCCESS | FAILED (the money comes back). */
export const transfers = pgTable(
  'transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transferNo: text('transfer_no').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => payeeAccounts.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    remark: text('remark').notNull().default(''),
    status: text('status').notNull().default('PROCESSING'),
    failReason: text('fail_reason'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transfers_idempotency_idx').on(t.companyId, t.idempotencyKey),
    index('transfers_company_idx').on(t.companyId, t.id.desc()),
    index('transfers_merchant_day_idx').on(t.merchantId, t.createdAt),
    index('transfers_processing_idx')
      .on(t.createdAt)
      .where(sql`status = 'PROCESSING'`),
  ],
);
