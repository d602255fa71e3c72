import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the platform makes for itself, shared by every server process on the database (the key that signs
 * XSRF tokens). Made once, on first start, never sent anywhere.
 */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  /** base64url of 32 random bytes. */
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
