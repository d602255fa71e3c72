import { index, integer, pgSequence, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../company/company.tables.ts';
import { users } from '../user/user.tables.ts';

/**
 * Merchant numbers of approved applications: `M` and this sequence's next value. It starts above the numbers
 * the demo data gives its merchants by hand (M100000001 to M100000999).
 */
export const merchantNoSeq = pgSequence('merchant_no_seq', { startWith: 100001001, minValue: 100001001 });

/**
 * Merchants under an organisation, created when an onboarding application is approved. The settlement account is
 * stored in full (the payouts need it) and answered masked. The defaults only fill merchants that existed before
 * migration 0003 (demo data of an older database).
 */
export const merchants = pgTable(
  'merchants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    mchNo: text('mch_no').notNull().unique(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    /** INDIVIDUAL | ENTERPRISE | SMALL_MICRO */
    type: text('type').notNull(),
    /** BUSINESS_CATEGORIES of the contract */
    category: text('category').notNull().default('OTHER'),
    /** ACTIVE | FROZEN | CLOSED */
    status: text('status').notNull().default('ACTIVE'),
    /** The approved application it came from (null for merchants created otherwise). */
    applyNo: text('apply_no').unique(),
    creditCode: text('credit_code'),
    legalPersonName: text('legal_person_name').notNull().default(''),
    address: text('address').notNull().default(''),
    servicePhone: text('service_phone').notNull().default(''),
    /** PERSONAL | CORPORATE */
    accountType: text('account_type').notNull().default('CORPORATE'),
    bankName: text('bank_name').notNull().default(''),
    branchName: text('branch_name').notNull().default(''),
    accountName: text('account_name').notNull().default(''),
    /** In full, digits only; answers show `maskAccount` of it. */
    accountNumber: text('account_number').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The merchant list pages newest first by id within the organisation.
  (t) => [index('merchants_company_id_idx').on(t.companyId, t.id.desc())],
);

/** A merchant's fee rate on each channel it takes, in integer tenths of a per-mille (3.8 ‰ = 38). */
export const merchantChannelRates = pgTable(
  'merchant_channel_rates',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** WECHAT | ALIPAY | UNIONPAY */
    channel: text('channel').notNull(),
    rateTenths: integer('rate_tenths').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.channel] })],
);

/** Every change of a merchant's status, its creation included (`fromStatus` null). */
export const merchantStatusChanges = pgTable(
  'merchant_status_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** The member who made the change, or null ... */
    userId: integer('user_id').references(() => users.id),
    /** ... and then the part of the platform that did ('ops', 'sandbox:review'). */
    system: text('system'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('merchant_status_changes_merchant_idx').on(t.merchantId, t.id)],
);

/**
 * A merchant's ids at the real channels, set by the platform's operator once the channel has made the merchant
 * its sub-merchant: WeChat Pay's `sub_mchid` (partner mode), Alipay's `smid` or the `app_auth_token` the merchant
 * granted. A merchant without the id of a channel cannot take that channel's payments in production.
 */
export const merchantChannelAccounts = pgTable('merchant_channel_accounts', {
  merchantNo: text('merchant_no')
    .primaryKey()
    .references(() => merchants.mchNo),
  wechatSubMchid: text('wechat_sub_mchid'),
  alipaySmid: text('alipay_smid'),
  alipayAppAuthToken: text('alipay_app_auth_token'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
