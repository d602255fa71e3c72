import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../company/company.tables.ts';

/**
 * An organisation's keys to the merchant API (issue 30). Only the SHA-256 of the whole key is kept: the secret
 * is 256 random bits, so nobody can guess a key from its hash, and a slow hash would buy nothing but latency on
 * every call (see docs/decisions.md, "Merchant API").
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The public part of the key (12 base62 characters), shown in the list and in the key itself. */
    keyId: text('key_id').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** live | test: a test key (`mk_test_`) is made and taken only by a sandbox server. */
    mode: text('mode').notNull(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The merchants it may act for; null: every merchant of the organisation. */
    merchantIds: integer('merchant_ids').array(),
    secretHash: text('secret_hash').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_id_idx').on(t.keyId),
    index('api_keys_company_idx').on(t.companyId, t.id),
    index('api_keys_active_idx')
      .on(t.companyId)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);
