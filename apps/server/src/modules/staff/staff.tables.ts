import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../user/user.tables.ts';
import { companies } from '../company/company.tables.ts';

/**
 * Roles belong to one organisation. Built-in roles (code OWNER/ADMIN/FINANCE/CASHIER) are created with the
 * organisation and take their permissions from the contract's catalogue, so a catalogue change reaches them;
 * custom roles (code null) keep their own list.
 */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code'),
    name: text('name').notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_company_name_idx').on(t.companyId, t.name)],
);

/** A user's place in an organisation. An invitation of a mobile without an account has no user yet. */
export const memberships = pgTable(
  'memberships',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id').references(() => users.id),
    mobile: text('mobile').notNull(),
    name: text('name'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** ACTIVE | DISABLED | INVITED */
    status: text('status').notNull().default('ACTIVE'),
    /**
     * The merchants the member may see and act on (issue 11): null = every merchant of the organisation, an array
     * = only those (ids of the organisation's merchants, 1..200). An owner is never limited.
     */
    merchantIds: integer('merchant_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_company_mobile_idx').on(t.companyId, t.mobile),
    // Every signed-in call looks up the user's membership; /company/list lists them.
    index('memberships_user_idx').on(t.userId),
    // Role member counts and "not while members hold it".
    index('memberships_role_idx').on(t.roleId),
  ],
);
