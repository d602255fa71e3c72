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

/**
 * Settings every node of a database must share, written by the first start (the business time zone: business days,
 * settlement and the trade bills all cut the day in it; two nodes cutting it differently would settle the wrong
 * orders).
 */
export const platformSettings = pgTable('platform_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
