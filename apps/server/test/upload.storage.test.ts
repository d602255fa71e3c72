import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { FileStorage } from '../src/file-storage.ts';
import { createFileStorage, localFileStorage, s3FileStorage } from '../src/modules/upload/index.ts';
import { startLocalS3, type LocalS3 } from './s3-server.ts';
import { readAll } from './upload-fixtures.ts';

const newKey = () => crypto.randomBytes(16).toString('hex');
const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `mchweb-${name}-`));

/** What every adapter of the FileStorage port promises, run against each of them for real. */
function storageContract(storage: () => FileStorage) {
  it('gives back exactly the bytes it was given', async () => {
    const key = newKey();
    const bytes = crypto.randomBytes(70_000);
    await storage().put(key, bytes, 'image/png');
    expect(await readAll((await storage().get(key))!)).toEqual(bytes);
  });

  it('answers null for a key it does not have', async () => {
    expect(await storage().get(newKey())).toBeNull();
  });

  it('replaces the bytes of a key put twice', async () => {
    const key = newKey();
    await storage().put(key, Buffer.from('first version, longer than the second'), 'application/pdf');
    await storage().put(key, Buffer.from('second'), 'application/pdf');
    expect((await readAll((await storage().get(key))!)).toString()).toBe('second');
  });

  it('deletes a key, and deleting one that is not there is no error', async () => {
    const key = newKey();
    await storage().put(key, Buffer.from('gone soon'), 'image/jpeg');
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    await storage().delete(key);
    await storage().delete(newKey());
  });

  it('keeps a file of the largest allowed size whole', async () => {
    const key = newKey();
    const bytes = crypto.randomBytes(5 * 1024 * 1024);
    await storage().put(key, bytes, 'application/pdf');
    const back = await readAll((await storage().get(key))!);
    expect(back.length).toBe(bytes.length);
    expect(back.equals(bytes)).toBe(true);
  });

  it('refuses keys that are not plain random names (path characters, traversal, empty)', async () => {
    for (const key of ['../escape', 'a/b', 'a\\b', '..', '.', '', 'a.b', 'nul\0byte', '/etc/passwd', 'x'.repeat(129)]) {
      await expect(storage().put(key, Buffer.from('x'), 'image/png'), key).rejects.toThrow(/refused key/);
      await expect(storage().get(key), key).rejects.toThrow(/refused key/);
      await expect(storage().delete(key), key).rejects.toThrow(/refused key/);
    }
  });
}

describe('local file storage', () => {
  const root = tempDir('upload-local');
  const dir = path.join(root, 'uploads'); // not there yet: the first put makes it
  const storage = localFileStorage(dir);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  storageContract(() => storage);

  it('keeps one file per key in its directory, and no temporary file behind', async () => {
    const key = newKey();
    await storage.put(key, Buffer.from('%PDF-1.4 ...'), 'application/pdf');
    expect(fs.readFileSync(path.join(dir, key), 'latin1')).toBe('%PDF-1.4 ...');
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('leaves nothing half-written when a put fails after writing', async () => {
    const key = newKey();
    // The rename over the key fails for real: a directory sits where the file should go.
    fs.mkdirSync(path.join(dir, key, 'occupied'), { recursive: true });
    await expect(storage.put(key, crypto.randomBytes(100_000), 'image/png')).rejects.toThrow();
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
    fs.rmSync(path.join(dir, key), { recursive: true });
  });

  it('fails a put whose directory cannot be made', async () => {
    const file = path.join(root, 'a-file');
    fs.writeFileSync(file, 'not a directory');
    const broken = localFileStorage(path.join(file, 'uploads'));
    await expect(broken.put(newKey(), Buffer.from('x'), 'image/png')).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});

describe('S3 file storage, over the S3 protocol against a local S3 server (s3rver)', () => {
  let s3: LocalS3;
  let storage: FileStorage;
  beforeAll(async () => {
    s3 = await startLocalS3();
    storage = s3FileStorage(s3.config);
  });
  afterAll(async () => s3?.stop());

  storageContract(() => storage);

  it('stores each object with its content type in the configured bucket', async () => {
    const key = newKey();
    await storage.put(key, Buffer.from('image bytes'), 'image/webp');
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.config.bucket, Key: key }));
    expect(head).toMatchObject({ ContentType: 'image/webp', ContentLength: 11 });
  });

  it('reports a store it cannot reach as an error, not as a missing file', async () => {
    const gone = s3FileStorage({ ...s3.config, endpoint: 'http://127.0.0.1:9' });
    await expect(gone.get(newKey())).rejects.toThrow();
  });

  it('reports a bucket that does not exist as an error', async () => {
    const wrong = s3FileStorage({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(wrong.put(newKey(), Buffer.from('x'), 'image/png')).rejects.toThrow();
  });
});

describe('choosing the storage from the configuration', () => {
  it('stores under DATA_DIR/uploads by default, or UPLOAD_DIR', () => {
    const data = tempDir('upload-config');
    try {
      expect(loadConfig({ DATA_DIR: data })).toMatchObject({ uploadDir: path.join(data, 'uploads'), s3: null });
      expect(loadConfig({ DATA_DIR: data, UPLOAD_DIR: path.join(data, 'files') }).uploadDir).toBe(
        path.join(data, 'files'),
      );
      expect(createFileStorage(loadConfig({ DATA_DIR: data })).kind).toBe('local');
      expect(fs.readdirSync(data)).toEqual([]); // nothing is made before the first upload
    } finally {
      fs.rmSync(data, { recursive: true, force: true });
    }
  });

  it('uses S3 when S3_ENDPOINT and S3_BUCKET are set, with us-east-1 as the default region', () => {
    const config = loadConfig({
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'docs',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'docs',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(loadConfig({ S3_ENDPOINT: 'http://x', S3_BUCKET: 'b', S3_REGION: 'cn-north-1' }).s3?.region).toBe(
      'cn-north-1',
    );
    const logged: object[] = [];
    const storage = createFileStorage(config, { info: (obj) => logged.push(obj) });
    expect(storage.kind).toBe('s3');
    expect(JSON.stringify(logged)).toContain('docs');
    expect(JSON.stringify(logged)).not.toContain('secret');
  });

  it('refuses to start with half an S3 configuration rather than quietly storing locally', () => {
    expect(() => createFileStorage(loadConfig({ S3_ENDPOINT: 'http://minio:9000' }))).toThrow(/S3_BUCKET/);
    expect(() => createFileStorage(loadConfig({ S3_BUCKET: 'docs' }))).toThrow(/S3_ENDPOINT/);
  });
});
