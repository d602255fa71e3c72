import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { Code, FILE_ID_RE } from '@mchweb/contract';
import type { Actor } from '../../actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { BizError, invalid } from '../../errors.ts';
import type { FileStorage } from '../../file-storage.ts';
import { storedName } from './file-name.ts';
import { judgeFile, type Judgement, type UploadType } from './file-type.ts';
import { UPLOAD } from './upload.messages.ts';
import { uploads } from './upload.tables.ts';

export interface StoreUploadInput {
  /** The company the file belongs to (the caller has checked the actor may upload for it). */
  companyId: number;
  /** The invitation it came through, when not from a signed-in member. */
  inviteNo: string | null;
  /** The name the sender's file had: only shown and sent back, never a path. */
  filename: string;
  bytes: Buffer;
}

/** What an upload answers (`onboardingUploadResult` without the url, which the route knows). */
export interface StoredUpload {
  fileId: string;
  /** The name it is kept under (see storedName: folders and control characters gone, the right extension). */
  name: string;
  size: number;
  contentType: UploadType;
}

export interface UploadMeta {
  fileId: string;
  companyId: number;
  inviteNo: string | null;
  originalName: string;
  contentType: UploadType;
  size: number;
  /** SHA-256 of the bytes, hex (an ETag for downloads). */
  sha256: string;
  createdAt: Date;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `n` characters of base62 from the system's CSPRNG, without modulo bias (bytes 248..255 are drawn again). */
function randomBase62(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const byte of crypto.randomBytes(n + 8)) {
      if (byte < 248 && out.length < n) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** `F` + 24 base62 characters (FILE_ID_RE): about 143 random bits, so a fileId cannot be guessed. */
export const newFileId = () => `F${randomBase62(24)}`;

function refusal(judged: Exclude<Judgement, { ok: true }>): BizError {
  switch (judged.problem) {
    case 'empty':
      return invalid(UPLOAD.empty);
    case 'tooLarge':
      return new BizError(Code.TOO_LARGE, UPLOAD.tooLarge);
    case 'wrongType':
      return new BizError(Code.UNSUPPORTED_MEDIA, UPLOAD.wrongType);
    case 'broken':
      return invalid(UPLOAD.broken[judged.type]);
  }
}

/**
 * Keep an uploaded file: judged by its bytes (JPEG, PNG, WebP or PDF, whole, at most ONBOARDING_UPLOAD_MAX_BYTES), put
 * into the storage under a random key, then recorded. The bytes go first and the row second: a row never points
 * at bytes that are not there, and when the row cannot be written the bytes are deleted again. Call it outside a
 * transaction (the bytes cannot roll back with one). Not audited: an upload changes nothing until an application
 * that names it is submitted; the row keeps who uploaded it.
 */
export async function storeUpload(
  db: Tx,
  storage: FileStorage,
  actor: Actor,
  input: StoreUploadInput,
): Promise<StoredUpload> {
  const judged = judgeFile(input.bytes);
  if (!judged.ok) throw refusal(judged);
  const contentType = judged.type;
  const fileId = newFileId();
  // The storage key is random too and separate from the fileId: the id the API hands out names no object in
  // the bucket or file on disk, so a leaked id (a log, a shared link) does not reach the bytes past our checks.
  const storageKey = crypto.randomBytes(16).toString('hex');
  const name = storedName(input.filename, contentType);
  const size = input.bytes.length;
  const sha256 = crypto.createHash('sha256').update(input.bytes).digest('hex');

  await storage.put(storageKey, input.bytes, contentType);
  try {
    await db.insert(uploads).values({
      fileId,
      companyId: input.companyId,
      inviteNo: input.inviteNo,
      uploadedBy: actor.userId,
      originalName: name,
      contentType,
      size,
      sha256,
      storageKey,
    });
  } catch (err) {
    // If this delete fails too, the bytes stay unreferenced under a random key: never served, only space.
    await storage.delete(storageKey).catch(() => {});
    throw err;
  }
  return { fileId, name, size, contentType };
}

const META = {
  fileId: uploads.fileId,
  companyId: uploads.companyId,
  inviteNo: uploads.inviteNo,
  originalName: uploads.originalName,
  contentType: uploads.contentType,
  size: uploads.size,
  sha256: uploads.sha256,
  createdAt: uploads.createdAt,
};
const toMeta = (row: Omit<UploadMeta, 'contentType'> & { contentType: string }): UploadMeta => ({
  ...row,
  contentType: row.contentType as UploadType,
});

/**
 * The uploads of these fileIds that exist, by fileId (ids that are malformed or unknown are simply absent): how
 * onboarding checks that an application's documents exist and belong to its company or invitation.
 */
export async function describeUploads(db: Tx, fileIds: readonly string[]): Promise<Map<string, UploadMeta>> {
  const ids = [...new Set(fileIds)].filter((id) => FILE_ID_RE.test(id));
  if (ids.length === 0) return new Map();
  const rows = await db.select(META).from(uploads).where(inArray(uploads.fileId, ids));
  return new Map(rows.map((row) => [row.fileId, toMeta(row)]));
}

/**
 * An upload's description and its bytes, or null when there is no such fileId. Whoever asks has been checked by
 * the caller. A row whose bytes are gone from the storage is a fault (lost data), thrown rather than hidden.
 */
export async function openUpload(
  db: Tx,
  storage: FileStorage,
  fileId: string,
): Promise<{ meta: UploadMeta; stream: Readable } | null> {
  if (!FILE_ID_RE.test(fileId)) return null;
  const [row] = await db
    .select({ ...META, storageKey: uploads.storageKey })
    .from(uploads)
    .where(eq(uploads.fileId, fileId))
    .limit(1);
  if (!row) return null;
  const { storageKey, ...meta } = row;
  const stream = await storage.get(storageKey);
  if (!stream)
    throw new Error(`upload ${fileId}: its bytes (key ${storageKey}) are missing from the ${storage.kind} storage`);
  return { meta: toMeta(meta), stream };
}

/** How long an upload may wait for an application to name it before it is deleted. */
export const UNUSED_UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Delete the uploads older than a day that nothing names (issue 25.10): `inUse` is a subquery answering the
 * fileIds in use, given by the module that uses them (onboarding's application drafts), so the upload module
 * reads no other module's table. Rows go first, in batches locked with SKIP LOCKED (another process purging at
 * the same time takes other rows), then their bytes: bytes whose delete fails stay unreferenced under a random
 * key, never served. Answers how many went.
 */
export async function purgeUnusedUploads(
  db: Db,
  storage: FileStorage,
  inUse: SQL,
  now = new Date(),
  onStorageError: (err: unknown) => void = () => {},
) {
  const old = lt(uploads.createdAt, new Date(now.getTime() - UNUSED_UPLOAD_KEPT_MS));
  let total = 0;
  for (;;) {
    const gone = await db.transaction(async (tx) => {
      const picked = await tx
        .select({ fileId: uploads.fileId })
        .from(uploads)
        .where(and(old, notInArray(uploads.fileId, sql`(${inUse})`)))
        .limit(PURGE_BATCH)
        .for('update', { skipLocked: true });
      if (picked.length === 0) return [];
      const ids = picked.map((row) => row.fileId);
      return tx.delete(uploads).where(inArray(uploads.fileId, ids)).returning({ key: uploads.storageKey });
    });
    for (const { key } of gone) await storage.delete(key).catch(onStorageError);
    total += gone.length;
    if (gone.length < PURGE_BATCH) return total;
  }
}
const PURGE_BATCH = 200;
