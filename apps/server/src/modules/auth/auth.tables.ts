import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Failed sign-ins, counted per account and per address for throttling. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_account_idx').on(t.account, t.at), index('login_failures_ip_idx').on(t.ip, t.at)],
);
