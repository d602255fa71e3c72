// What a template cluster was made from, as a short hash (db/pglite-template.ts, sandbox/demo-template.ts). Plain
// JavaScript: the server's build (scripts/build-server.mjs) hashes the demo's sources once, at build time, so that a
// start of the bundle does not read 400 files before it can copy the demo (issue 26); the sources, run by tsx in
// the tests, hash them when asked. Both give the same hash for the same files.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The demo's data is made by the migrations and by code anywhere in the server's and the contract's sources. */
export const DEMO_SEEDED_FROM = ['apps/server/drizzle', 'apps/server/src', 'packages/contract/src'];

/** A short hash of the names and contents of every file under `roots` (from `repoRoot`; tests left out). */
export function sourcesHash(repoRoot, roots) {
  const hash = crypto.createHash('sha256');
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!entry.name.includes('.test.')) hash.update(path.relative(repoRoot, file)).update(fs.readFileSync(file));
    }
  };
  for (const root of roots) walk(path.join(repoRoot, root));
  return hash.digest('hex').slice(0, 16);
}
