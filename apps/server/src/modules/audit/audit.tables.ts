import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only record of every change made through the API, written in the same transaction as the change.
 * Partitioned by business month on `at`, its time of creation (migration 0014), hence the key `(id, at)`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: integer('company_id'),
    userId: integer('user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.at], name: 'audit_log_pkey' }),
    index('audit_log_company_idx').on(t.companyId, t.id),
  ],
);
