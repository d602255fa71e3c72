import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';

export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  creditCode: text('credit_code').notNull().unique(),
  contactName: text('contact_name').notNull(),
  contactMobile: text('contact_mobile').notNull(),
  mobileBoundAt: timestamp('mobile_bound_at', { withTimezone: true }),
  address: text('address'),
  /** ACTIVE | FROZEN | CLOSED; frozen and closed answer company code 8091033. */
  status: text('status').notNull().default('ACTIVE'),
  /** The operator's reason for the last freeze or close: its members are told it when refused. */
  statusReason: text('status_reason'),
  openedAt: timestamp('opened_at', { withTimezone: true }),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
