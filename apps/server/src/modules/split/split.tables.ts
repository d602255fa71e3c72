import { date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../company/company.tables.ts';
import { merchants } from '../merchant/merchant.tables.ts';
import { users } from '../user/user.tables.ts';

/** One receiver of a split: another merchant (by id) or an outside party paid to a bank card. */
export interface SplitReceiver {
  type: 'MERCHANT' | 'EXTERNAL';
  merchantId?: number;
  name: string;
  accountNo?: string;
  bankName?: string;
  ratio: number;
}

/**
 * Profit-sharing applications: SUBMITTED -> APPROVED | REJECTED, CANCELED. The approved one with the latest
 * `effective_from` not after a day is the split of that day's settlement.
 */
export const splitApplications = pgTable(
  'split_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applyNo: text('apply_no').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    status: text('status').notNull().default('SUBMITTED'),
    receivers: jsonb('receivers').$type<SplitReceiver[]>().notNull(),
    totalRatio: integer('total_ratio').notNull(),
    remark: text('remark').notNull().default(''),
    rejectReason: text('reject_reason'),
    effectiveFrom: date('effective_from', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The operator who took it in the console's work queue (operators.id), and when. */
    assignedTo: integer('assigned_to'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
  },
  (t) => [
    index('split_applications_company_idx').on(t.companyId, t.id.desc()),
    index('split_applications_merchant_idx').on(t.merchantId, t.effectiveFrom),
  ],
);
