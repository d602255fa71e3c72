import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import type { FileStorage } from '../../file-storage.ts';
import { checkKey } from './storage-key.ts';

type Sdk = typeof S3;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Any S3-compatible bucket over the S3 protocol (AWS SDK v3), addressed path-style (`endpoint/bucket/key`), which
 * MinIO, Ceph and most other stores need. An object appears only once its PUT is complete, so a failed upload
 * leaves nothing behind. The SDK is loaded on first use: it costs about 0.3 s of start-up, and a server storing
 * files locally never needs it.
 */
export function s3FileStorage(config: S3Config): FileStorage {
  if (!config.endpoint || !config.bucket) {
    throw new Error('uploads: S3_ENDPOINT and S3_BUCKET must both be set to store uploads in S3');
  }
  const Bucket = config.bucket;
  let loading: Promise<{ sdk: Sdk; client: S3.S3Client }> | undefined;
  const s3 = () =>
    (loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        forcePathStyle: true,
        // Only the checksums S3 requires: many S3-compatible stores refuse the SDK's newer default headers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        ...(config.accessKeyId && config.secretAccessKey
          ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
          : {}),
      }),
    })));
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { sdk, client } = await s3();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: checkKey(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: checkKey(key) }));
        // On Node the body is the HTTP response's stream (an IncomingMessage mixed with the SDK's helpers).
        return (answer.Body as Readable | undefined) ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}
