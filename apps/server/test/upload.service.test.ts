import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Code, FILE_ID_RE, ONBOARDING_UPLOAD_MAX_BYTES } from '@mchweb/contract';
import { anonymousActor, systemActor, type Actor } from '../src/actor.ts';
import { seedDemoIfEmpty } from '../src/sandbox/seed-demo.ts';
import type { FileStorage } from '../src/file-storage.ts';
import { listCompaniesForOps } from '../src/modules/company/index.ts';
import {
  describeUploads,
  localFileStorage,
  openUpload,
  s3FileStorage,
  storeUpload,
  UPLOAD,
  type StoreUploadInput,
} from '../src/modules/upload/index.ts';
import { findUserByMobile } from '../src/modules/user/index.ts';
import { freshDatabase } from './harness.ts';
import { startLocalS3, type LocalS3 } from './s3-server.ts';
import { JPEG, PDF, PNG, readAll, WEBP } from './upload-fixtures.ts';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let coffee: number;
let bakery: number;
let owner: Actor;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-upload-service-'));
const dir = path.join(root, 'uploads');
const storage = localFileStorage(dir);
/** What is in the upload directory (the local adapter's files, and any temporary file left behind). */
const filesOnDisk = () => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
/** storeUpload as the owner of the coffee company into the local storage, unless told otherwise. */
const store = (
  filename: string,
  bytes: Buffer,
  over: Partial<StoreUploadInput> & { actor?: Actor; into?: FileStorage } = {},
) => {
  const { actor = owner, into = storage, ...input } = over;
  return storeUpload(database.db, into, actor, { companyId: coffee, inviteNo: null, filename, bytes, ...input });
};
/** Rows of a raw query, on PGlite and PostgreSQL alike (both drivers answer `{ rows }`). */
async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}
const uploadRows = async () => (await query<{ n: number }>(sql`select count(*)::int as n from uploads`))[0]!.n;

beforeAll(async () => {
  database = await freshDatabase();
  await seedDemoIfEmpty(database.db);
  const companies = await listCompaniesForOps(database.db);
  coffee = companies.find((c) => c.name.includes('Morning Light'))!.id;
  bakery = companies.find((c) => c.name.includes('Wheat'))!.id;
  const user = (await findUserByMobile(database.db, '13800138000'))!;
  owner = { ...anonymousActor('127.0.0.1', 'en-US'), kind: 'user', userId: user.id, sessionId: 1, companyId: coffee };
});
afterAll(async () => {
  await database?.drop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('storeUpload', () => {
  it('keeps each kind of document, typed by its bytes, under a random fileId', async () => {
    const files: [string, Buffer, string][] = [
      ['photo.jpg', JPEG, 'image/jpeg'],
      ['scan.png', PNG, 'image/png'],
      ['id.webp', WEBP, 'image/webp'],
      ['licence.pdf', PDF, 'application/pdf'],
    ];
    for (const [filename, bytes, contentType] of files) {
      const stored = await store(filename, bytes);
      expect(stored).toEqual({
        fileId: expect.stringMatching(FILE_ID_RE),
        name: filename,
        size: bytes.length,
        contentType,
      });
      const opened = (await openUpload(database.db, storage, stored.fileId))!;
      expect(opened.meta).toEqual({
        fileId: stored.fileId,
        companyId: coffee,
        inviteNo: null,
        originalName: filename,
        contentType,
        size: bytes.length,
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        createdAt: expect.any(Date),
      });
      expect((await readAll(opened.stream)).equals(bytes)).toBe(true);
    }
    // Stored under random names: neither the uploader's name nor the fileId is a file on disk.
    const onDisk = filesOnDisk();
    expect(onDisk).toHaveLength(4);
    for (const name of onDisk) expect(name).toMatch(/^[0-9a-f]{32}$/);
  });

  it('records who uploaded: the user, or nobody for an invitation holder', async () => {
    const byMember = await store('a.png', PNG);
    const byInvitee = await store('b.png', PNG, {
      companyId: bakery,
      inviteNo: 'INV20260101000001',
      actor: anonymousActor(null, 'zh-CN'),
    });
    const rows = await query<{ file_id: string; uploaded_by: number | null }>(
      sql`select file_id, uploaded_by from uploads where file_id in (${byMember.fileId}, ${byInvitee.fileId})`,
    );
    const by = Object.fromEntries(rows.map((r) => [r.file_id, r.uploaded_by]));
    expect(by).toEqual({ [byMember.fileId]: owner.userId, [byInvitee.fileId]: null });
  });

  it('keeps a clean name: no folders or control characters, and the extension of what the bytes are', async () => {
    const cases: [string, Buffer, string][] = [
      ['C:\\fakepath\\营业执照.JPG', JPEG, '营业执照.JPG'],
      ['../../etc/passwd', PNG, 'passwd.png'],
      ['scan.html', PDF, 'scan.html.pdf'],
      ['photo.png', PDF, 'photo.png.pdf'],
      ['\u202egpj.exe', JPEG, 'gpj.exe.jpg'],
      ['line\r\nbreak.webp', WEBP, 'linebreak.webp'],
      ['', PNG, 'upload.png'],
      [`${'长'.repeat(300)}.pdf`, PDF, `${'长'.repeat(96)}.pdf`],
    ];
    for (const [filename, bytes, name] of cases) {
      const stored = await store(filename, bytes);
      expect(stored.name, JSON.stringify(filename)).toBe(name);
    }
  });
});

describe('storeUpload refuses', () => {
  let before: { rows: number; files: number };
  const snapshot = async () => ({ rows: await uploadRows(), files: filesOnDisk().length });
  beforeAll(async () => {
    before = await snapshot();
  });
  // A refusal stores nothing: no row, no file, no temporary file.
  afterEach(async () => expect(await snapshot()).toEqual(before));

  it('a file over 5 MB (413), naming the field in both languages', async () => {
    const big = Buffer.concat([JPEG, Buffer.alloc(ONBOARDING_UPLOAD_MAX_BYTES + 1 - JPEG.length)]);
    await expect(store('big.jpg', big)).rejects.toMatchObject({
      code: Code.TOO_LARGE,
      text: { 'en-US': 'file: must be at most 5 MB', 'zh-CN': 'file: 文件不能超过 5 MB' },
    });
  });

  it('another type behind a lying .png name (415)', async () => {
    const liars = [
      Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,', 'latin1'),
      Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'),
    ];
    for (const bytes of liars) {
      await expect(store('photo.png', bytes)).rejects.toMatchObject({
        code: Code.UNSUPPORTED_MEDIA,
        text: UPLOAD.wrongType,
      });
    }
    expect(UPLOAD.wrongType['en-US']).toBe('file: must be a JPEG, PNG, WebP image or a PDF');
    expect(UPLOAD.wrongType['zh-CN']).toMatch(/^file: /);
  });

  it('an empty file (400)', async () => {
    await expect(store('empty.pdf', Buffer.alloc(0))).rejects.toMatchObject({
      code: Code.INVALID,
      text: UPLOAD.empty,
    });
  });

  it('a file cut short (400): a PNG or JPEG whose header is cut, a PDF without its end', async () => {
    await expect(store('scan.png', PNG.subarray(0, 20))).rejects.toMatchObject({
      code: Code.INVALID,
      text: UPLOAD.broken['image/png'],
    });
    await expect(store('photo.jpg', JPEG.subarray(0, 100))).rejects.toMatchObject({
      code: Code.INVALID,
      text: UPLOAD.broken['image/jpeg'],
    });
    await expect(store('id.webp', WEBP.subarray(0, WEBP.length - 10))).rejects.toMatchObject({
      code: Code.INVALID,
      text: UPLOAD.broken['image/webp'],
    });
    await expect(store('licence.pdf', PDF.subarray(0, PDF.length - 200))).rejects.toMatchObject({
      code: Code.INVALID,
      text: UPLOAD.broken['application/pdf'],
    });
    expect(UPLOAD.broken['application/pdf']['en-US']).toMatch(/^file: is not a complete PDF/);
  });
});

describe('nothing half-written', () => {
  it('deletes the bytes again when the row cannot be written', async () => {
    const files = filesOnDisk().length;
    const rows = await uploadRows();
    // A real failure of the insert: the company does not exist (foreign key).
    await expect(store('a.png', PNG, { companyId: 987_654 })).rejects.toThrow();
    expect(filesOnDisk()).toHaveLength(files);
    expect(await uploadRows()).toBe(rows);
  });

  it('writes no row when the bytes cannot be stored', async () => {
    const rows = await uploadRows();
    const file = path.join(root, 'not-a-directory');
    fs.writeFileSync(file, '');
    // A real failure of the put: the upload directory would have to be inside a regular file.
    const broken = localFileStorage(path.join(file, 'uploads'));
    await expect(store('a.png', PNG, { into: broken })).rejects.toThrow(/ENOTDIR|EEXIST/);
    expect(await uploadRows()).toBe(rows);
  });
});

describe('describeUploads and openUpload', () => {
  it('describes the uploads that exist, by fileId, and leaves out unknown and malformed ids', async () => {
    const a = await store('front.jpg', JPEG);
    const b = await store('licence.pdf', PDF, {
      companyId: bakery,
      inviteNo: 'INV20260101000002',
      actor: systemActor('test', bakery),
    });
    const unknown = `F${'0'.repeat(24)}`;
    const found = await describeUploads(database.db, [a.fileId, b.fileId, a.fileId, unknown, "x' or 1=1 --", '']);
    expect([...found.keys()].sort()).toEqual([a.fileId, b.fileId].sort());
    expect(found.get(a.fileId)).toMatchObject({ companyId: coffee, inviteNo: null, originalName: 'front.jpg' });
    expect(found.get(b.fileId)).toMatchObject({
      companyId: bakery,
      inviteNo: 'INV20260101000002',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    expect(await describeUploads(database.db, [])).toEqual(new Map());
    expect(await describeUploads(database.db, [unknown])).toEqual(new Map());
  });

  it('opens nothing for an unknown or malformed fileId', async () => {
    expect(await openUpload(database.db, storage, `F${'a'.repeat(24)}`)).toBeNull();
    expect(await openUpload(database.db, storage, '../../etc/passwd')).toBeNull();
    expect(await openUpload(database.db, storage, '')).toBeNull();
  });

  it('calls bytes missing from the storage a fault, not "no such file"', async () => {
    const stored = await store('lost.png', PNG);
    const elsewhere = localFileStorage(path.join(root, 'another-directory'));
    await expect(openUpload(database.db, elsewhere, stored.fileId)).rejects.toThrow(/missing from the local storage/);
  });
});

describe('the service over S3 (s3rver)', () => {
  let s3: LocalS3;
  let bucket: FileStorage;
  beforeAll(async () => {
    s3 = await startLocalS3();
    bucket = s3FileStorage(s3.config);
  });
  afterAll(async () => s3?.stop());

  it('stores, describes and opens an upload whose bytes are in the bucket', async () => {
    const stored = await store('licence.pdf', PDF, { into: bucket });
    expect((await describeUploads(database.db, [stored.fileId])).get(stored.fileId)?.size).toBe(PDF.length);
    const opened = (await openUpload(database.db, bucket, stored.fileId))!;
    expect((await readAll(opened.stream)).equals(PDF)).toBe(true);
  });

  it('deletes the object again when the row cannot be written', async () => {
    const rows = await uploadRows();
    await expect(store('a.png', PNG, { companyId: 987_654, into: bucket })).rejects.toThrow();
    expect(await uploadRows()).toBe(rows);
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
    expect(listed.KeyCount).toBe(1); // only the upload of the test before
  });
});
