import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Config } from '../src/config.ts';

export interface LocalS3 {
  /** The settings the server's S3 adapter needs to reach the bucket. */
  config: S3Config;
  /** A client of our own, to look at the bucket from outside the adapter. */
  client: S3Client;
  stop(): Promise<void>;
}

/**
 * A real S3-protocol server for a test (s3rver from npm: HTTP, SigV4 signatures, XML errors, objects on disk in a
 * temporary directory), on a free port, with the bucket created through the S3 API. No mock of the SDK anywhere.
 */
export async function startLocalS3(bucket = 'mchweb-uploads'): Promise<LocalS3> {
  // The SDK's notice that its releases after January 2027 need Node 22: known (docs/operations.md), not news here.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'mchweb-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  // s3rver checks signatures made with its fixed credentials.
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    config,
    client,
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
