import { buildServerIfStale } from '../../scripts/build-server.mjs';
import { chromiumExecutable } from './chromium.ts';

/**
 * Before any worker starts: find the Chromium the tests drive, once. Without Debian's Chromium that unpacks the npm
 * package's binary to /tmp/chromium; two workers unpacking it at once meant one ran the file while the other was
 * still writing it (`spawn ETXTBSY`, failing that worker's first test).
 */
export default async function globalSetup() {
  await chromiumExecutable();
  // The servers of the tests run the server's bundle, as `npm start` does (support/server.ts): built if stale.
  await buildServerIfStale();
}
