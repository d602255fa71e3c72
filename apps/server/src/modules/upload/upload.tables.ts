import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from '../company/company.tables.ts';
import { users } from '../user/user.tables.ts';

/**
 * Files people upload (onboarding documents). The bytes live in the storage (DATA_DIR/uploads or an S3
 * bucket) under `storageKey`, a random name; this row says whose they are. A file belongs to one company, and
 * when it came through an invitation link, to that invitation too (its holder may read it back).
 */
export const uploads = pgTable(
  'uploads',
  {
    /** Random, unguessable (`F` + 24 base62 characters): the id the API hands out. */
    fileId: text('file_id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The invitation it was uploaded through, when not by a signed-in member. */
    inviteNo: text('invite_no'),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    /** The name the uploader's file had, for Content-Disposition (never used as a path). */
    originalName: text('original_name').notNull(),
    /** Judged from the bytes (magic numbers), not from the name or the header the client sent. */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** SHA-256 of the bytes, hex. */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_company_idx').on(t.companyId, t.createdAt), index('uploads_invite_idx').on(t.inviteNo)],
);
