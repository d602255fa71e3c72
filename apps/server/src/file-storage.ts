import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live: the port the upload module's adapters implement (a directory under
 * DATA_DIR, or any S3-compatible bucket). Keys are random names chosen by the upload module, never a user's.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Store the bytes under `key`; visible to `get` only once complete (nothing half-written stays behind). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes of `key`, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
}
