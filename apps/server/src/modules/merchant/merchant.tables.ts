import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../company/company.tables.ts';

/** Merchants under an organisation; the onboarding and merchant issues extend this table. */
export const merchants = pgTable('merchants', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  mchNo: text('mch_no').notNull().unique(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  /** INDIVIDUAL | ENTERPRISE | SMALL_MICRO */
  type: text('type').notNull(),
  /** ACTIVE | FROZEN | CLOSED */
  status: text('status').notNull().default('ACTIVE'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
