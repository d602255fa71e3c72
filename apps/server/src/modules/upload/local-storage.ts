import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorage } from '../../file-storage.ts';
import { checkKey } from './storage-key.ts';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';

/** Make the rename itself durable (a power cut must not lose a file whose row is committed); best effort. */
async function syncDirectory(dir: string) {
  const handle = await fs.open(dir, 'r').catch(() => null);
  await handle?.sync().catch(() => {});
  await handle?.close();
}

/**
 * Files in one directory (`UPLOAD_DIR`, default DATA_DIR/uploads), one file per key, created on the first put.
 * A put writes a temporary file in the same directory (`.tmp-...`: the dot keeps it out of the key space),
 * flushes it to disk, renames it over the key and flushes the directory: a reader sees the old file or the whole
 * new one, never part of one, and a failed put removes its temporary file.
 */
export function localFileStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => path.join(root, checkKey(key));
  return {
    kind: 'local',
    async put(key, body) {
      const target = fileOf(key);
      await fs.mkdir(root, { recursive: true });
      const temp = path.join(root, `.tmp-${key}-${crypto.randomBytes(6).toString('hex')}`);
      try {
        const handle = await fs.open(temp, 'wx', 0o600);
        try {
          await handle.writeFile(body);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, target);
      } catch (err) {
        await fs.rm(temp, { force: true }).catch(() => {});
        throw err;
      }
      await syncDirectory(root);
    },
    async get(key): Promise<Readable | null> {
      try {
        // Opened before streaming, so a missing file is null here rather than an error event later.
        const handle = await fs.open(fileOf(key), 'r');
        return handle.createReadStream();
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
