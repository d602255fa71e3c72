import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mobile: text('mobile').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_mobile_scene_idx').on(t.mobile, t.scene, t.createdAt)],
);

/** What the default SMS sender "sent": read by the sandbox endpoint and by tests. */
export const smsOutbox = pgTable('sms_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  mobile: text('mobile').notNull(),
  scene: text('scene').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
