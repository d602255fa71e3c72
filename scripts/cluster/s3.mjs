// A local S3-compatible store for the cluster's uploads (s3rver, the store the tests use): several nodes cannot
// keep uploads in a directory of one of them. Arguments: port, directory.
import fs from 'node:fs';
import S3rver from 's3rver';

const [port, directory] = process.argv.slice(2);
fs.mkdirSync(directory, { recursive: true });
await new S3rver({
  port: Number(port),
  address: '127.0.0.1',
  directory,
  silent: true,
  configureBuckets: [{ name: 'mchweb' }],
}).run();
