import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** People who can sign in. Other modules read them through the user module's front door (index.ts). */
export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  mobile: text('mobile').notNull().unique(),
  username: text('username').unique(),
  name: text('name'),
  passwordHash: text('password_hash').notNull(),
  /** The company a new session starts in. */
  lastCompanyId: integer('last_company_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
});
