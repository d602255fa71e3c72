import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApplicationDraft, FieldReason } from '@mchweb/contract';
import { companies } from '../company/company.tables.ts';
import { users } from '../user/user.tables.ts';

/**
 * Onboarding applications (进件). The application itself is one jsonb document (`draft`: the contract's
 * `applicationDraft`, complete once submitted); the subject's names and type are copied into columns so the
 * list can filter on them.
 */
export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applyNo: text('apply_no').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** APPLY_STATUSES of the contract */
    status: text('status').notNull().default('DRAFT'),
    /** PORTAL | INVITE */
    source: text('source').notNull(),
    /** The invitation it came through (source INVITE): one application per invitation. */
    inviteNo: text('invite_no').unique(),
    draft: jsonb('draft').$type<ApplicationDraft>().notNull(),
    subjectType: text('subject_type'),
    subjectName: text('subject_name'),
    subjectShortName: text('subject_short_name'),
    /** The reviewer's reason of the last rejection, while REJECTED. */
    rejectReason: text('reject_reason'),
    /** The console's rejection: the reason per field, while REJECTED. */
    rejectFields: jsonb('reject_fields').$type<FieldReason[]>(),
    /** The operator who took it in the console's work queue (operators.id), and when. */
    assignedTo: integer('assigned_to'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** The merchant its approval created. */
    mchNo: text('mch_no'),
    /** The member who started it; null for an invited merchant. */
    createdBy: integer('created_by').references(() => users.id),
    /** The client's key of its first save: a repeated first save answers the same application. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('applications_company_key_idx').on(t.companyId, t.idempotencyKey),
    // The list pages newest first by id within the organisation.
    index('applications_company_id_idx').on(t.companyId, t.id.desc()),
    // The review job looks for submissions waiting long enough.
    index('applications_status_submitted_idx').on(t.status, t.submittedAt),
  ],
);

/** The audit-progress timeline: one row per step of an application. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    /** APPLICATION_EVENTS of the contract */
    event: text('event').notNull(),
    /** MEMBER | INVITEE | OPERATOR | SYSTEM */
    actorKind: text('actor_kind').notNull(),
    userId: integer('user_id').references(() => users.id),
    reason: text('reason'),
    /** A console rejection's reasons per field. */
    fields: jsonb('fields').$type<FieldReason[]>(),
    /** The operator's name (actor OPERATOR through the console). */
    byName: text('by_name'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_events_application_idx').on(t.applicationId, t.id)],
);

/**
 * Invitations to fill in an application on the public page. EXPIRED is not stored: an ACTIVE one whose
 * `expiresAt` has passed reads as EXPIRED.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    inviteNo: text('invite_no').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** ACTIVE | USED | REVOKED */
    status: text('status').notNull().default('ACTIVE'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its application was submitted. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The application its first save created. */
    applyNo: text('apply_no'),
  },
  (t) => [index('invitations_company_id_idx').on(t.companyId, t.id.desc())],
);
