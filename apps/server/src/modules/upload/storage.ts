import type { Config } from '../../config.ts';
import type { FileStorage } from '../../file-storage.ts';
import { localFileStorage } from './local-storage.ts';
import { s3FileStorage } from './s3-storage.ts';

/** As much of a logger as choosing a storage needs (pino's and Fastify's fit). */
export interface StorageLog {
  info(obj: object, msg: string): void;
}

/**
 * The storage of the configuration: the S3-compatible bucket when S3_ENDPOINT and S3_BUCKET are set (one of the
 * two alone is an error, not a quiet fall-back to local files), else the directory UPLOAD_DIR (DATA_DIR/uploads).
 */
export function createFileStorage(config: Pick<Config, 'uploadDir' | 's3'>, log?: StorageLog): FileStorage {
  if (config.s3) {
    const storage = s3FileStorage(config.s3);
    log?.info({ uploads: { storage: 's3', endpoint: config.s3.endpoint, bucket: config.s3.bucket } }, 'uploads in S3');
    return storage;
  }
  log?.info({ uploads: { storage: 'local', dir: config.uploadDir } }, 'uploads in a local directory');
  return localFileStorage(config.uploadDir);
}
