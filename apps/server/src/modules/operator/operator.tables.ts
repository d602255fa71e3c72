import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The provider's operators (issue 28): their own accounts, never merchant users, so a merchant's session can
 * never reach the console and an operator's never the portal. Password as argon2id (like users'); the TOTP
 * secret is required: `totpConfirmedAt` null means the operator has not yet proven an authenticator holds it
 * (first sign-in, or after an admin reset it) and signs in through the enrolment step.
 */
export const operators = pgTable('operators', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Lower-case sign-in name. */
  username: text('username').notNull().unique(),
  mobile: text('mobile').unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  /** Base32 secret of RFC 6238 (SHA-1, 6 digits, 30 s). */
  totpSecret: text('totp_secret').notNull(),
  totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
  /** The last accepted code's time step: a code is accepted once, so one overheard cannot be replayed. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** OPS_ROLES of the contract. */
  roles: jsonb('roles').$type<string[]>().notNull(),
  /** ACTIVE | DISABLED */
  status: text('status').notNull().default('ACTIVE'),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Operator sessions: the token's SHA-256 only. A session starts at the password step (`codePassedAt` null: it
 * opens the code step only, for OPS_CODE_STEP_MINUTES) and becomes a full one with a right code. Shorter than a
 * merchant's: 30 minutes idle, 8 hours in all (docs/decisions.md).
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull().unique(),
    codePassedAt: timestamp('code_passed_at', { withTimezone: true }),
    /** Wrong codes sent on this session: at OPS_CODE_TRIES the session is ended. */
    codeFailures: integer('code_failures').notNull().default(0),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | password | disabled | totp | code */
    revokeReason: text('revoke_reason'),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

/** Failed password steps, counted per account and per address (the merchant sign-in's limits). */
export const operatorSignInFailures = pgTable(
  'operator_sign_in_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_sign_in_failures_account_idx').on(t.account, t.at),
    index('operator_sign_in_failures_ip_idx').on(t.ip, t.at),
  ],
);

/**
 * Every operator action, with the state before and after: written in the transaction of the action, so both
 * land or neither does. Append-only.
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for the command line (`npm run ops`), which acts as the platform. */
    operatorId: integer('operator_id').references(() => operators.id),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_audit_target_idx').on(t.targetType, t.targetId),
    index('operator_audit_operator_idx').on(t.operatorId, t.id),
  ],
);

/**
 * Money actions waiting for a second operator (four eyes): proposed by one, approved (and executed in the same
 * transaction) or refused by another, never by the proposer. `payload` is the proposal as validated.
 */
export const moneyApprovals = pgTable(
  'money_approvals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    approvalNo: text('approval_no').notNull().unique(),
    /** APPROVAL_KINDS of the contract */
    kind: text('kind').notNull(),
    /** APPROVAL_STATUSES of the contract */
    status: text('status').notNull().default('PENDING'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }),
    mchNo: text('mch_no'),
    reason: text('reason').notNull(),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => operators.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    result: text('result'),
  },
  (t) => [
    index('money_approvals_status_idx').on(t.status, t.id),
    // The database's own guard beside the service's check: the decider is never the proposer.
    check('money_approvals_four_eyes', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.proposedBy}`),
  ],
);
